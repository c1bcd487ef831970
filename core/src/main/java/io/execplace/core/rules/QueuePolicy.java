package io.execplace.core.rules;

import io.execplace.core.model.Job;

import java.util.Comparator;

/**
 * Which waiting job is offered to the placement policy first. Only jobs that have arrived are
 * ever in the queue.
 */
public interface QueuePolicy {

    /** The name shown in results ({@code fcfs}, {@code edf}, ...). */
    String name();

    /** Order of the waiting queue: the smallest job is offered first. Must be a total order. */
    Comparator<Job> order();

    /** First come, first served: by arrival time, then job id. */
    QueuePolicy FCFS = new QueuePolicy() {
        private final Comparator<Job> order = Comparator.comparingDouble(Job::arrival).thenComparingInt(Job::id);

        @Override
        public String name() {
            return "fcfs";
        }

        @Override
        public Comparator<Job> order() {
            return order;
        }
    };

    /**
     * Earliest deadline first among arrived jobs; jobs without a deadline come after all jobs with
     * one, in arrival order.
     */
    QueuePolicy EDF = new QueuePolicy() {
        private final Comparator<Job> order = Comparator
                .comparingDouble((Job j) -> j.hasDeadline() ? j.deadline() : Double.POSITIVE_INFINITY)
                .thenComparingDouble(Job::arrival)
                .thenComparingInt(Job::id);

        @Override
        public String name() {
            return "edf";
        }

        @Override
        public Comparator<Job> order() {
            return order;
        }
    };

    /** {@code fcfs} or {@code edf}. */
    static QueuePolicy byName(String name) {
        return switch (name.trim().toLowerCase(java.util.Locale.ROOT)) {
            case "fcfs", "fifo" -> FCFS;
            case "edf" -> EDF;
            default -> throw new IllegalArgumentException("unknown queue order '" + name + "' (expected fcfs or edf)");
        };
    }
}
