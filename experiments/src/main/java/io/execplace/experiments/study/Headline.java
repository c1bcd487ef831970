package io.execplace.experiments.study;

import io.execplace.core.model.Cluster;
import io.execplace.experiments.report.Format;
import io.execplace.experiments.run.SchedulerAggregate;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The sentence a reader should see first: what the cheapest scheduler that runs every job saves
 * against Spark's default (round-robin, "spread out"), how far it is from the lower bound, and at
 * what deadline-met % and turnaround. A scheduler that is cheaper only because it drops jobs is
 * named as such, not crowned.
 */
public final class Headline {

    /** Spark's default placement, the baseline of every saving. */
    public static final String BASELINE = "round-robin";

    private Headline() {
    }

    /** "$" for clusters priced in dollars (AWS prices of the papers), else "price units". */
    public static String costUnit(Cluster cluster) {
        String n = cluster.name();
        return n.equals("tpds") || n.equals("c5") || n.endsWith("pricing-real") ? "$" : "price units";
    }

    /** A cost with its unit, 3 significant digits as in the tables: {@code $1.75} or {@code 1620 price units}. */
    public static String money(double cost, String unit) {
        String v = Format.sig(cost, 3);
        return "$".equals(unit) ? "$" + v : v + " " + unit;
    }

    /** The scheduler the headline is about: the cheapest of those that drop no more jobs than the baseline. */
    public static Optional<SchedulerAggregate> best(List<SchedulerAggregate> aggs) {
        double allowedDrops = baseline(aggs).map(b -> b.jobsDropped().mean())
                .orElse(aggs.stream().mapToDouble(a -> a.jobsDropped().mean()).min().orElse(0));
        return aggs.stream().filter(a -> a.jobsDropped().mean() <= allowedDrops + 1e-9)
                .min(Comparator.comparingDouble(a -> a.totalCost().mean()));
    }

    static Optional<SchedulerAggregate> baseline(List<SchedulerAggregate> aggs) {
        return aggs.stream().filter(a -> a.scheduler().equals(BASELINE)).findFirst();
    }

    /** The headline, or empty when there is nothing to compare (a single scheduler). */
    public static Optional<String> of(List<SchedulerAggregate> aggs, String unit) {
        Optional<SchedulerAggregate> bestOpt = best(aggs);
        if (aggs.size() < 2 || bestOpt.isEmpty()) {
            return Optional.empty();
        }
        SchedulerAggregate best = bestOpt.get();
        Optional<SchedulerAggregate> base = baseline(aggs);
        StringBuilder h = new StringBuilder();
        if (base.isPresent() && base.get() != best) {
            SchedulerAggregate b = base.get();
            double saving = 100 * (1 - best.totalCost().mean() / b.totalCost().mean());
            h.append(best.scheduler()).append(" is the cheapest scheduler that runs every job: ")
                    .append(money(best.totalCost().mean(), unit)).append(" against ")
                    .append(money(b.totalCost().mean(), unit)).append(" for Spark's default (round-robin spread), ")
                    .append(Format.sig(saving, 2)).append("% less");
        } else {
            h.append(best.scheduler()).append(base.isPresent() ? " (Spark's default) is the cheapest scheduler here: "
                    : " is the cheapest scheduler that runs every job: ").append(money(best.totalCost().mean(), unit));
        }
        if (!Double.isNaN(best.costToBound().mean())) {
            h.append(", ").append(Format.sig(best.costToBound().mean(), 3))
                    .append(" times the lower bound on any schedule's cost");
        }
        h.append(". ");
        String vs = base.isPresent() && base.get() != best ? " (round-robin " : null;
        if (!Double.isNaN(best.deadlineMetPercent().mean())) {
            h.append("Deadlines met: ").append(Format.percent(best.deadlineMetPercent().mean()));
            if (vs != null) {
                h.append(vs).append(Format.percent(base.get().deadlineMetPercent().mean())).append(")");
            }
            h.append("; mean");
        } else {
            h.append("Mean");
        }
        h.append(" turnaround ").append(Format.sig(best.meanTurnaround().mean(), 3)).append(" s");
        if (vs != null) {
            h.append(vs).append(Format.sig(base.get().meanTurnaround().mean(), 3)).append(" s)");
        }
        h.append(".");
        for (SchedulerAggregate a : aggs) {
            if (a.totalCost().mean() < best.totalCost().mean() && a.jobsDropped().mean() > best.jobsDropped().mean()) {
                h.append(" ").append(a.scheduler()).append(" costs less (").append(money(a.totalCost().mean(), unit))
                        .append(") only because it drops ").append(Format.sig(a.jobsDropped().mean(), 2))
                        .append(" jobs per run.");
            }
        }
        return Optional.of(h.toString());
    }
}
