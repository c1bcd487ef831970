package io.execplace.core.rules;

import io.execplace.core.model.Cluster;
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

    /**
     * True when the order depends on the clock (HJS weights), so the waiting queue is re-sorted by
     * {@link #orderAt} at every decision time instead of being kept sorted by {@link #order()}.
     */
    default boolean reordersOverTime() {
        return false;
    }

    /** The order at decision time {@code now} on {@code cluster}; {@link #order()} unless the order moves with time. */
    default Comparator<Job> orderAt(double now, Cluster cluster) {
        return order();
    }

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

    /** {@code fcfs}, {@code edf}, {@code edf-feasible}, {@code hjs-weight} (λ = 0.5) or {@code hjs-weight:λ}. */
    static QueuePolicy byName(String name) {
        String n = name.trim().toLowerCase(java.util.Locale.ROOT);
        if (n.startsWith(HjsWeightOrder.NAME + ":")) {
            return HjsWeightOrder.parse(n.substring(HjsWeightOrder.NAME.length() + 1));
        }
        return switch (n) {
            case "fcfs", "fifo" -> FCFS;
            case "edf" -> EDF;
            case FeasibleEdfOrder.NAME -> new FeasibleEdfOrder();
            case HjsWeightOrder.NAME -> new HjsWeightOrder(HjsWeightOrder.DEFAULT_LAMBDA);
            default -> throw new IllegalArgumentException("unknown queue order '" + name
                    + "' (expected fcfs, edf, edf-feasible, hjs-weight or hjs-weight:LAMBDA)");
        };
    }
}
