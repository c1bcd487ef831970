package io.execplace.core.metrics;

/**
 * What the capacity did in a run: on an elastic cluster, nodes bought and their lifetimes, spot
 * interruptions and consolidation's evictions and what they cost the jobs; with dynamic allocation, the executors applications added
 * over their floors. All zero for a fixed cluster without dynamic allocation ({@link #NONE}).
 *
 * @param nodeLaunches        nodes bought
 * @param nodeHours           hours of node lifetime (launch request to removal), summed over nodes
 * @param interruptions       spot nodes taken back
 * @param executorsLost       executors that were on an interrupted node while their job ran
 * @param executorSecondsLost executor-seconds of finished work recomputed after interruptions
 * @param jobsStopped         times a job (or an executor request) was stopped by an interruption and queued again
 * @param executorsAdded      executors placed for applications' demands above their floors (dynamic allocation)
 * @param executorsCancelled  executors asked for that were no longer wanted when they could have been placed
 * @param addedExecutorHours  hours the added executors held their resources, summed
 * @param nodesRemovedEmpty   nodes consolidation removed because they were empty
 * @param nodesRemovedUnderused nodes consolidation removed while they ran executors, which were evicted
 *                            ({@code WhenEmptyOrUnderutilized})
 * @param executorsEvicted    executors on those nodes, evicted while their job ran
 * @param jobsEvicted         times a job (or an executor request) was stopped by an eviction and queued again
 * @param executorSecondsEvicted executor-seconds of finished work recomputed after evictions
 * @param applicationsRestarted times an application failed because its driver's node was taken back
 *                            (interrupted or evicted) and restarted from scratch (pools with driver pods)
 */
public record CapacityStats(int nodeLaunches, double nodeHours, int interruptions, int executorsLost,
                            double executorSecondsLost, int jobsStopped, int executorsAdded,
                            int executorsCancelled, double addedExecutorHours, int nodesRemovedEmpty,
                            int nodesRemovedUnderused, int executorsEvicted, int jobsEvicted,
                            double executorSecondsEvicted, int applicationsRestarted) {

    /** A fixed cluster's without dynamic allocation: nothing bought, nothing lost, nothing added. */
    public static final CapacityStats NONE = builder().build();

    public static Builder builder() {
        return new Builder();
    }

    /** The same numbers with the node-hours set (known once the node lifetimes are closed). */
    public CapacityStats withNodeHours(double hours) {
        return new CapacityStats(nodeLaunches, hours, interruptions, executorsLost, executorSecondsLost, jobsStopped,
                executorsAdded, executorsCancelled, addedExecutorHours, nodesRemovedEmpty, nodesRemovedUnderused,
                executorsEvicted, jobsEvicted, executorSecondsEvicted, applicationsRestarted);
    }

    /** Builds {@link CapacityStats} field by field. */
    public static final class Builder {
        private int nodeLaunches;
        private double nodeHours;
        private int interruptions;
        private int executorsLost;
        private double executorSecondsLost;
        private int jobsStopped;
        private int executorsAdded;
        private int executorsCancelled;
        private double addedExecutorHours;
        private int nodesRemovedEmpty;
        private int nodesRemovedUnderused;
        private int executorsEvicted;
        private int jobsEvicted;
        private double executorSecondsEvicted;
        private int applicationsRestarted;

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

        public Builder executorsAdded(int v) {
            executorsAdded = v;
            return this;
        }

        public Builder executorsCancelled(int v) {
            executorsCancelled = v;
            return this;
        }

        public Builder addedExecutorHours(double v) {
            addedExecutorHours = v;
            return this;
        }

        public Builder nodesRemovedEmpty(int v) {
            nodesRemovedEmpty = v;
            return this;
        }

        public Builder nodesRemovedUnderused(int v) {
            nodesRemovedUnderused = v;
            return this;
        }

        public Builder executorsEvicted(int v) {
            executorsEvicted = v;
            return this;
        }

        public Builder jobsEvicted(int v) {
            jobsEvicted = v;
            return this;
        }

        public Builder executorSecondsEvicted(double v) {
            executorSecondsEvicted = v;
            return this;
        }

        public Builder applicationsRestarted(int v) {
            applicationsRestarted = v;
            return this;
        }

        public CapacityStats build() {
            return new CapacityStats(nodeLaunches, nodeHours, interruptions, executorsLost, executorSecondsLost,
                    jobsStopped, executorsAdded, executorsCancelled, addedExecutorHours, nodesRemovedEmpty,
                    nodesRemovedUnderused, executorsEvicted, jobsEvicted, executorSecondsEvicted, applicationsRestarted);
        }
    }
}
