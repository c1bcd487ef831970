package io.execplace.rl.pairs;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Which features a size-free agent observes. {@link #PLACEMENT} ({@code pairs-1}) is the TPDS
 * agents' cost-only schema; {@link #DEADLINES} ({@code pairs-deadlines-1}) appends what a
 * scheduler for jobs with deadlines needs (HJS): the job's laxity, the share of its deadline window
 * left, its urgency (HJS Eq. 7), and per VM whether the job would be late with its duration there.
 * {@link #ELASTIC} ({@code pairs-elastic-1}) appends to the deadline schema what a decision on
 * elastic node pools needs ({@link NodeFeatures}): whether a node slot is bought, how long until it
 * can run executors, spot or on-demand, whether its pool may buy now, an empty live node.
 * All lay an observation out the same way: the context, then the features of every VM slot, each
 * list the base features first. An agent file records the schema's name and lists, and is read with
 * the schema of that name.
 *
 * @param name       the name agent files record
 * @param context    job and cluster values, in order
 * @param vmFeatures per-VM values, in order
 * @param deadlines  true when the deadline features are appended
 * @param elastic    true when the node features are appended after them
 */
public record PairSchema(String name, List<String> context, List<String> vmFeatures, boolean deadlines,
                         boolean elastic) {

    /** Deadline values appended to the context. */
    public static final List<String> DEADLINE_CONTEXT = List.of(
            "deadline",       // 1 for a job with a deadline
            "laxity",         // ((deadline - now - base duration) / base duration in [-1, 2], + 1) / 3; 0 without
            "windowLeft",     // (deadline - now) / (deadline - arrival), in [0, 1]; 0 without a deadline
            "urgency");       // HJS Eq. 7's U_t (U_max = 1): 1 on time, 1 / lateness in s when late, 0 without

    /** Deadline values appended to each VM's features. */
    public static final List<String> DEADLINE_VM = List.of(
            "lateHere");      // 1 when the job would miss its deadline with its duration on this VM (layout as placed)

    /** The cost-only schema of the TPDS agents. */
    public static final PairSchema PLACEMENT = new PairSchema("pairs-1", PairObservation.CONTEXT,
            PairObservation.VM_FEATURES, false);

    /** The schema for jobs with deadlines. */
    public static final PairSchema DEADLINES = new PairSchema("pairs-deadlines-1",
            concat(PairObservation.CONTEXT, DEADLINE_CONTEXT), concat(PairObservation.VM_FEATURES, DEADLINE_VM), true);

    /** A schema without the node features. */
    public PairSchema(String name, List<String> context, List<String> vmFeatures, boolean deadlines) {
        this(name, context, vmFeatures, deadlines, false);
    }

    /** The schema for elastic node pools: the deadline schema's lists, then the node features. */
    public static final PairSchema ELASTIC = new PairSchema("pairs-elastic-1",
            concat(DEADLINES.context, NodeFeatures.CONTEXT), concat(DEADLINES.vmFeatures, NodeFeatures.VM), true, true);

    public PairSchema {
        if (elastic && !deadlines) {
            throw new IllegalArgumentException("the node features come after the deadline features");
        }
        context = List.copyOf(context);
        vmFeatures = List.copyOf(vmFeatures);
    }

    /** The schema of this name. */
    public static PairSchema byName(String name) {
        for (PairSchema s : List.of(PLACEMENT, DEADLINES, ELASTIC)) {
            if (s.name.equals(name.trim().toLowerCase(Locale.ROOT))) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown size-free observation schema '" + name + "' (this build knows "
                + PLACEMENT.name + ", " + DEADLINES.name + " and " + ELASTIC.name + ")");
    }

    /** {@link #DEADLINES} when {@code deadlines}, else {@link #PLACEMENT}. */
    public static PairSchema of(boolean deadlines) {
        return deadlines ? DEADLINES : PLACEMENT;
    }

    /** {@link #ELASTIC} when {@code elastic} (which includes the deadline features), else {@link #of(boolean)}. */
    public static PairSchema of(boolean deadlines, boolean elastic) {
        return elastic ? ELASTIC : of(deadlines);
    }

    public int contextSize() {
        return context.size();
    }

    public int vmSize() {
        return vmFeatures.size();
    }

    /** Values of an observation with {@code slots} VM slots. */
    public int size(int slots) {
        return contextSize() + slots * vmSize();
    }

    /** Input width of the pair network's scorer: one VM's features and the context. */
    public int pairWidth() {
        return vmSize() + contextSize();
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }
}
