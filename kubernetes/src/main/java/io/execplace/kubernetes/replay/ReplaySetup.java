package io.execplace.kubernetes.replay;

import io.execplace.core.io.BadInputException;
import io.execplace.core.model.ConsolidationPolicy;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A replay's settings, its spot capacity and its prediction built from the values a user gives
 * ({@code execplace replay}'s options), each refused value bad input naming its option, before the
 * replay starts; and the replay's figures joined with the prediction's.
 */
public final class ReplaySetup {

    /** The scheduler name that means "kube-scheduler places the pods". */
    public static final String KUBE_SCHEDULER = "kube-scheduler";

    private ReplaySetup() {
    }

    /**
     * The replay's settings; {@value #KUBE_SCHEDULER} becomes the pods' {@code default-scheduler}.
     *
     * @param timeoutSeconds real seconds to wait after the last arrival, 0..86400
     */
    public static Replay.Settings settings(String namespace, String scheduler, double timeScale, double timeoutSeconds) {
        if (!(timeScale > 0) || !Double.isFinite(timeScale)) {
            throw BadInputException.option("--time-scale", "must be a number > 0, got " + timeScale);
        }
        if (!(timeoutSeconds > 0) || timeoutSeconds > 86_400) {
            throw BadInputException.option("--timeout", "must be a number of seconds from 0 to 86400, got " + timeoutSeconds);
        }
        String schedulerName = KUBE_SCHEDULER.equals(scheduler) ? "default-scheduler" : scheduler;
        return new Replay.Settings(namespace, schedulerName, timeScale, Duration.ofMillis(Math.round(timeoutSeconds * 1000)));
    }

    /** The spot capacity's interruptions: a trace (workload seconds), a monthly hazard rate, or both. */
    public static Replay.Spot spot(boolean executorsOnSpot, List<Double> interruptionsAt, double noticeSeconds,
                                   double monthlyRate, long seed) {
        for (double t : interruptionsAt) {
            if (!(t >= 0) || !Double.isFinite(t)) {
                throw BadInputException.option("--spot-interruptions", "must be workload seconds >= 0, got " + t);
            }
        }
        if (!(noticeSeconds >= 0) || noticeSeconds > 86_400) {
            throw BadInputException.option("--notice", "must be seconds from 0 to 86400, got " + noticeSeconds);
        }
        if (!(monthlyRate >= 0) || !(monthlyRate < 1)) {
            throw BadInputException.option("--spot-interruption-rate", "must be a probability in [0, 1), got " + monthlyRate);
        }
        return new Replay.Spot(executorsOnSpot, interruptionsAt, noticeSeconds, monthlyRate, seed);
    }

    /** The prediction of a replay: the testbed's elastic model with the replay's time scale and spot interruptions. */
    public static Prediction prediction(Replay.Settings settings, Replay.Spot spot, double launchSeconds,
                                        double consolidateAfterSeconds, String consolidationPolicy) {
        if (!(launchSeconds >= 0) || !(consolidateAfterSeconds >= 0) || launchSeconds > 3600
                || consolidateAfterSeconds > 86_400) {
            throw BadInputException.option("--launch-seconds", "--launch-seconds and --consolidate-after must be "
                    + "seconds >= 0");
        }
        ConsolidationPolicy consolidation;
        try {
            consolidation = ConsolidationPolicy.parse(consolidationPolicy);
        } catch (IllegalArgumentException e) {
            throw BadInputException.option("--consolidation-policy", e.getMessage());
        }
        return new Prediction(settings.timeScale(), launchSeconds, consolidateAfterSeconds, spot.interruptions(),
                consolidation);
    }

    /** The replay's figures, then each predicted one as {@code simulated_NAME}. */
    public static Map<String, Object> joined(Map<String, Object> replay, Map<String, Object> predicted) {
        Map<String, Object> summary = new LinkedHashMap<>(replay);
        predicted.forEach((k, v) -> summary.put("simulated_" + k, v));
        return summary;
    }
}
