package io.execplace.rl.env;

import io.execplace.core.metrics.CapacityStats;

import java.nio.DoubleBuffer;
import java.util.List;

/**
 * An {@link EpisodeOutcome} as a row of doubles, for callers across a bridge that read many outcomes
 * (Python's vector environment reports one per ended episode): one buffer read instead of a call per
 * field. {@link #COLUMNS} names the values in row order — the outcome's fields in snake case, then
 * its capacity's; a flag is 1 or 0, the end event its {@link StepEvent} ordinal or -1 for none, an
 * undefined mean NaN.
 */
public final class OutcomeValues {

    /** The names of a row's values, in order. */
    public static final List<String> COLUMNS = List.of("completed", "end_event", "episode_reward", "cost",
            "mean_duration", "mean_turnaround", "deadline_met_percent", "jobs_placed", "jobs", "jobs_dropped",
            "good_placements", "waits", "nodes_bought", "node_hours", "interruptions", "executors_lost",
            "executor_seconds_lost", "jobs_stopped", "executors_added", "executors_cancelled", "added_executor_hours",
            "applications_restarted");

    private OutcomeValues() {
    }

    /** Writes the outcome's row into {@code out} from position {@code at}. */
    public static void write(EpisodeOutcome o, DoubleBuffer out, int at) {
        out.put(at, of(o));
    }

    /** The outcome as one row. */
    public static double[] of(EpisodeOutcome o) {
        CapacityStats c = o.capacity();
        return new double[]{
            o.completed() ? 1 : 0,
            o.endEvent() == null ? -1 : o.endEvent().ordinal(),
            o.episodeReward(),
            o.cost(),
            o.meanDuration(),
            o.meanTurnaround(),
            o.deadlineMetPercent(),
            o.jobsPlaced(),
            o.jobs(),
            o.jobsDropped(),
            o.goodPlacements(),
            o.waits(),
            c.nodeLaunches(),
            c.nodeHours(),
            c.interruptions(),
            c.executorsLost(),
            c.executorSecondsLost(),
            c.jobsStopped(),
            c.executorsAdded(),
            c.executorsCancelled(),
            c.addedExecutorHours(),
            c.applicationsRestarted(),
        };
    }
}
