package io.execplace.kubernetes.replay;

import io.execplace.core.model.Interruptions;

import java.time.Duration;
import java.time.Instant;
import java.util.SplittableRandom;

/**
 * When each spot node of a replay is taken back, drawn from the simulator's hazard model
 * ({@link Interruptions#sampleLifetime}: an exponential lifetime from the node's launch, in workload
 * seconds) and mapped to real time by the time scale K. One random stream from the seed, one draw per
 * node in the order the nodes are first seen, so the same seed gives the k-th spot node the same
 * lifetime in every run.
 */
final class HazardDraws {

    /** When a node gets its notice and when it is deleted (real time); null times: never in this replay. */
    record Taking(Instant noticeAt, Instant goneAt) {
    }

    private final Interruptions model;
    private final double timeScale;
    private final SplittableRandom random;

    /**
     * @param model     the spot pool's hazard (its monthly rate and notice, workload seconds)
     * @param timeScale K, workload seconds per real second
     * @param seed      the draws' seed
     */
    HazardDraws(Interruptions model, double timeScale, long seed) {
        this.model = model;
        this.timeScale = timeScale;
        this.random = new SplittableRandom(seed);
    }

    /** The next node's taking: launched at {@code launchedAt} (real), its lifetime the next draw. */
    Taking next(Instant launchedAt) {
        double lifetime = model.sampleLifetime(random);
        if (!Double.isFinite(lifetime) || lifetime / timeScale > 100L * 365 * 86_400) {
            return new Taking(null, null);
        }
        Instant gone = launchedAt.plus(real(lifetime));
        Instant notice = launchedAt.plus(real(Math.max(0, lifetime - model.noticeSeconds())));
        return new Taking(notice, gone);
    }

    private Duration real(double workloadSeconds) {
        return Duration.ofNanos(Math.round(workloadSeconds / timeScale * 1e9));
    }
}
