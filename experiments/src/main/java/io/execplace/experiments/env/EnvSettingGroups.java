package io.execplace.experiments.env;

import io.execplace.core.workload.WorkloadPresets;
import io.execplace.experiments.heldout.HeldOutSplit;
import io.execplace.experiments.scenario.EnvironmentSetup;
import io.execplace.rl.env.ObservationSettings;
import io.execplace.rl.env.TpdsEpisodeRules;
import io.execplace.rl.env.registry.EnvSetting;
import io.execplace.rl.env.registry.EnvSettings;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The setting groups the scenario-built environments share, with {@code execplace train}'s
 * defaults: the cluster and workloads ({@link EnvironmentSetup}), the TPDS environment's rules
 * ({@link TpdsEpisodeRules}) and the observation settings ({@link ObservationSettings}). Each factory takes the groups it accepts, leaving out the
 * settings it does not (a setting a factory leaves out is refused by the registry, not ignored).
 */
final class EnvSettingGroups {

    /** The cluster and workload settings, as {@code execplace train}'s scenario options. */
    static final List<EnvSetting> SCENARIO = List.of(
            new EnvSetting("cluster", "tpds", "cluster preset or YAML file"),
            new EnvSetting("pricing", null, "HYB pricing model of the hybrid presets: 1, 2, 3, 4 or real"),
            new EnvSetting("workload", "tpds-normal", "workload preset or trace file"),
            new EnvSetting("format", null, "trace format of a workload file: csv, tpds, hyb or swim (detected when absent)"),
            new EnvSetting("jobs", null, "jobs of a generated workload (the preset's when absent)"),
            new EnvSetting("requests", null, "request ranges of generated jobs: paper or reference"),
            new EnvSetting("type-penalty", null, "TPDS type-mismatch penalty x1.3: on, off or auto (default auto)"),
            new EnvSetting("hybrid-penalty", null, "HYB cloud penalty x1.3: on, off or auto (default auto)"),
            new EnvSetting("profile", null, "job-type profile file (the papers' numbers when absent)"),
            new EnvSetting("seed", "1", "seed of the first workload"),
            new EnvSetting("workload-seeds", "1",
                    "training workloads (seeds seed, seed+1, ...); reset(s) runs workload s mod this"),
            new EnvSetting("split", "training",
                    "the workloads the episodes run: training (seed, seed+1, ...) or held-out (execplace heldout's, of a preset)"),
            new EnvSetting("held-out", "20", "with split held-out: how many held-out workloads (execplace heldout --held-out)"),
            new EnvSetting("held-out-seed", Long.toString(HeldOutSplit.HELD_OUT_FIRST_SEED),
                    "with split held-out: the first held-out seed (execplace heldout --held-out-seed)"));

    /** The TPDS environment's settings, as {@code execplace train}'s environment options. */
    static final List<EnvSetting> TPDS = List.of(
            new EnvSetting("beta", "0.5", "weight of cost against duration in R_epi (TPDS Eq. 14), in [0, 1]"),
            new EnvSetting("variant", "paper", "reward rules: paper (TPDS Table 3) or reference (the TPDS code)"),
            new EnvSetting("mask", null, "expose the action mask: true or false (default: the variant's, false)"),
            new EnvSetting("normalise", null, "normalised observations: true or false (default: the variant's, false)"),
            new EnvSetting("partial-wait-reward", null, "reward of a wait after a partial placement (paper -200, reference -50)"),
            new EnvSetting("partial-wait-ends", null, "a wait after a partial placement ends the episode (default: true)"),
            new EnvSetting("lookahead", null, "the reference code's capacity look-ahead check (default: the variant's)"),
            new EnvSetting("fixed-reward", null, "R_fixed of TPDS Eq. 14 (default 10000)"),
            new EnvSetting("busy-time", null, "observe every VM's remaining busy time too (default false)"),
            new EnvSetting("per-job-reward", null, "pay R_epi's terms as they accrue (default false)"),
            new EnvSetting("queue", null, "queue order: fcfs (TPDS, default), edf, edf-feasible, hjs-weight or hjs-weight:LAMBDA"),
            new EnvSetting("target-reward", null, "pay HJS's Target (Eq. 5) as it accrues instead of R_epi (default false)"),
            new EnvSetting("max-steps", null, "truncate episodes after this many steps (default 0: no limit)"));

    private EnvSettingGroups() {
    }

    /** {@code group} without the settings named in {@code leftOut}. */
    static List<EnvSetting> without(List<EnvSetting> group, Set<String> leftOut) {
        List<EnvSetting> out = new ArrayList<>();
        for (EnvSetting s : group) {
            if (!leftOut.contains(s.name())) {
                out.add(s);
            }
        }
        return out;
    }

    /** The scenario and TPDS groups together, without the settings named in {@code leftOut}. */
    static List<EnvSetting> scenarioAndTpdsWithout(Set<String> leftOut) {
        List<EnvSetting> out = new ArrayList<>(without(SCENARIO, leftOut));
        out.addAll(without(TPDS, leftOut));
        return out;
    }

    /** The environment setup the scenario settings give (the cluster and workload from the arguments). */
    static EnvironmentSetup.Builder setup(EnvSettings s, String cluster, String workload) {
        Integer seeds = s.integer("workload-seeds", 1, 1_000_000);
        EnvironmentSetup.Builder b = EnvironmentSetup.builder().cluster(cluster).workload(workload)
                .pricing(s.text("pricing")).format(s.text("format")).jobs(s.integer("jobs", 1, Integer.MAX_VALUE))
                .requests(s.text("requests")).typePenalty(s.text("type-penalty"))
                .hybridPenalty(s.text("hybrid-penalty")).profile(s.text("profile")).seed(s.whole("seed"));
        return b.workloadSeeds(seeds);
    }

    /**
     * The cluster and the workloads of the split the settings name: the training workloads (seeds
     * {@code seed ... seed + workload-seeds − 1}), or the held-out workloads {@code execplace heldout}
     * evaluates for the same training seeds ({@link HeldOutSplit}), so that episode {@code i} of a
     * held-out environment is held-out workload {@code i} of {@code heldout --held-out-seed S}.
     */
    static EnvironmentSetup.Resolved resolve(EnvSettings s, String cluster, String workload) {
        EnvironmentSetup setup = setup(s, cluster, workload).build();
        String split = s.text("split");
        if (split.equals("training")) {
            for (String heldOutOnly : new String[] {"held-out", "held-out-seed"}) {
                if (s.has(heldOutOnly)) {
                    throw s.bad(heldOutOnly, "applies to split held-out only");
                }
            }
            return setup.resolve(null);
        }
        if (!split.equals("held-out")) {
            throw s.bad("split", "must be training or held-out, got '" + split + "'");
        }
        if (!WorkloadPresets.isPreset(workload)) {
            throw s.bad("split", "is held-out, and held-out workloads are other seeds of a workload preset: '" + workload
                    + "' is not one");
        }
        for (String notHeldOut : new String[] {"format", "requests", "profile"}) {
            if (s.has(notHeldOut)) {
                throw s.bad(notHeldOut, "does not apply to split held-out (its workloads are execplace heldout's)");
            }
        }
        EnvironmentSetup.Resolved r = setup.resolve(null);
        int count = s.integer("held-out", 1, 10_000);
        long first = s.whole("held-out-seed");
        HeldOutSplit heldOut;
        try {
            heldOut = HeldOutSplit.of(workload, s.integer("jobs", 1, 1_000_000), setup.seed(), setup.workloadSeeds(), count,
                    first);
        } catch (IllegalArgumentException e) {
            throw s.bad("held-out-seed", "is refused: " + e.getMessage());
        }
        return new EnvironmentSetup.Resolved(r.cluster(), heldOut.heldOutWorkloads(), r.durationModel(),
                r.label() + " (held-out)");
    }

    /**
     * The TPDS episode rules the settings give: the variant's, with every given rule applied, as
     * {@code execplace train}'s environment options. Every environment built on the TPDS environment
     * declares these settings.
     */
    static TpdsEpisodeRules rules(EnvSettings s) {
        double beta = s.decimal("beta");
        if (!(beta >= 0 && beta <= 1)) {
            throw s.bad("beta", "must be in [0, 1], got " + beta);
        }
        TpdsEpisodeRules c = s.checked("variant", () -> TpdsEpisodeRules.variant(s.text("variant"), beta));
        if (s.has("partial-wait-reward")) {
            c = c.withRewards(c.rewards().withPartialWait(s.decimal("partial-wait-reward")));
        }
        if (s.has("partial-wait-ends")) {
            c = c.withPartialWaitEnds(s.flag("partial-wait-ends"));
        }
        if (s.has("lookahead")) {
            c = c.withLookAhead(s.flag("lookahead"));
        }
        if (s.has("fixed-reward")) {
            double r = s.decimal("fixed-reward");
            if (!(r > 0)) {
                throw s.bad("fixed-reward", "must be positive, got " + r);
            }
            c = c.withFixedReward(r);
        }
        if (s.has("per-job-reward")) {
            c = c.withPerJobReward(s.flag("per-job-reward"));
        }
        if (s.has("queue")) {
            TpdsEpisodeRules r = c;
            c = s.checked("queue", () -> r.withQueue(s.text("queue")));
        }
        if (s.has("target-reward")) {
            TpdsEpisodeRules r = c;
            c = s.checked("target-reward", () -> r.withTargetReward(s.flag("target-reward")));
        }
        return c;
    }

    /**
     * The observation settings ({@code mask}, {@code normalise}, {@code max-steps}) of an environment
     * that declares them: the given values, else the declared defaults, else raw and unmasked.
     */
    static ObservationSettings observation(EnvSettings s) {
        Integer maxSteps = s.integer("max-steps", 0, Integer.MAX_VALUE);
        return new ObservationSettings(Boolean.TRUE.equals(s.flag("normalise")), Boolean.TRUE.equals(s.flag("mask")),
                maxSteps == null ? 0 : maxSteps);
    }
}
