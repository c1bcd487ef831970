package io.execplace.core.metrics;

/**
 * What an elastic cluster's capacity did in a run: nodes bought and their lifetimes, spot
 * interruptions and what they cost the jobs. All zero for a fixed cluster ({@link #NONE}).
 *
 * @param nodeLaunches        nodes bought
 * @param nodeHours           hours of node lifetime (launch request to removal), summed over nodes
 * @param interruptions       spot nodes taken back
 * @param executorsLost       executors that were on an interrupted node while their job ran
 * @param executorSecondsLost executor-seconds of finished work recomputed after interruptions
 * @param jobsStopped         times a job was stopped by an interruption and queued again
 */
public record CapacityStats(int nodeLaunches, double nodeHours, int interruptions, int executorsLost,
                            double executorSecondsLost, int jobsStopped) {

    /** A fixed cluster's: nothing bought, nothing lost. */
    public static final CapacityStats NONE = new CapacityStats(0, 0, 0, 0, 0, 0);

    public static Builder builder() {
        return new Builder();
    }

    /** The same numbers with the node-hours set (known once the node lifetimes are closed). */
    public CapacityStats withNodeHours(double hours) {
        return new CapacityStats(nodeLaunches, hours, interruptions, executorsLost, executorSecondsLost, jobsStopped);
    }

    /** Builds {@link CapacityStats} field by field. */
    public static final class Builder {
        private int nodeLaunches;
        private double nodeHours;
        private int interruptions;
        private int executorsLost;
        private double executorSecondsLost;
        private int jobsStopped;

        public Builder nodeLaunches(int v) {
            nodeLaunches = v;
            return this;
        }

        public Builder nodeHours(double v) {
            nodeHours = v;
            return this;
        }

        public Builder interruptions(int v) {
            interruptions = v;
            return this;
        }

        public Builder executorsLost(int v) {
            executorsLost = v;
            return this;
        }

        public Builder executorSecondsLost(double v) {
            executorSecondsLost = v;
            return this;
        }

        public Builder jobsStopped(int v) {
            jobsStopped = v;
            return this;
        }

        public CapacityStats build() {
            return new CapacityStats(nodeLaunches, nodeHours, interruptions, executorsLost, executorSecondsLost,
                    jobsStopped);
        }
    }
}
