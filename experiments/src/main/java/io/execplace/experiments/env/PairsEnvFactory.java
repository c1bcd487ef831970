package io.execplace.experiments.env;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.Workload;
import io.execplace.core.rules.DurationModel;
import io.execplace.experiments.scenario.EnvironmentSetup;
import io.execplace.rl.env.Env;
import io.execplace.rl.env.TpdsEnv;
import io.execplace.rl.env.TpdsEpisodeRules;
import io.execplace.rl.env.registry.EnvSetting;
import io.execplace.rl.env.registry.EnvSettings;
import io.execplace.rl.pairs.ClusterVariants;
import io.execplace.rl.pairs.PairEnv;
import io.execplace.rl.pairs.PairSchema;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Registers {@code pairs}: the size-free pair environment ({@link PairEnv}) over randomised cluster
 * variants and workload presets, as {@code execplace train --agent ppo-pairs} trains on; always
 * masked (observations are the pair schema's, so normalise, busy-time and max-steps do not apply).
 * {@code reset(s)} runs variant {@code s mod cluster-variants}, episode {@code s div
 * cluster-variants} of it.
 */
public final class PairsEnvFactory extends ListedEnvFactory {

    static final Set<String> NOT_APPLICABLE = Set.of("cluster", "workload", "mask", "normalise", "busy-time",
            "max-steps", "split", "held-out", "held-out-seed");
    private static final List<EnvSetting> SETTINGS = TpdsEnvFactory.concat(List.of(
            new EnvSetting("clusters", "tpds,tpds-code,c5,hybrid-small", "base clusters to randomise, comma-separated"),
            new EnvSetting("workloads", "tpds-burst,tpds-normal", "workload presets, each with workload-seeds seeds"),
            new EnvSetting("cluster-variants", "24", "clusters trained on: the bases, then variants with redrawn VM counts and prices"),
            new EnvSetting("price-jitter", "0.3", "variants' prices are the base's times a factor in [1-X, 1+X]"),
            new EnvSetting("deadline-features", "false", "observe the deadline features too (schema pairs-deadlines-1)"),
            new EnvSetting("elastic-features", "false",
                    "observe the deadline and node-pool features (schema pairs-elastic-1; for elastic clusters)")),
            EnvSettingGroups.scenarioAndTpdsWithout(NOT_APPLICABLE));

    public PairsEnvFactory() {
        super("pairs",
                "size-free placement: the TPDS environment on randomised clusters, seen through per-(job, VM) pair observations",
                SETTINGS);
    }

    @Override
    public Env make(EnvSettings s) {
        return environment(s);
    }

    /** The pair environment the settings give. */
    static PairEnv environment(EnvSettings s) {
        List<String> clusters = s.list("clusters");
        List<String> workloads = s.list("workloads");
        EnvironmentSetup base = EnvSettingGroups.setup(s, clusters.get(0), workloads.get(0)).build();
        SizeFreeSetup setup;
        try {
            setup = new SizeFreeSetup(clusters, workloads, base, s.integer("cluster-variants", 1, 100_000),
                    s.decimal("price-jitter"), PairSchema.of(s.flag("deadline-features"), s.flag("elastic-features")));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("env 'pairs': " + e.getMessage().replace("--", ""), e);
        }
        try {
            return environment(setup, EnvSettingGroups.rules(s));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("env 'pairs': " + e.getMessage(), e);
        }
    }

    /**
     * The environment: one masked {@link TpdsEnv} under {@code rules} per cluster variant over all
     * workloads of its base cluster, seen through pair observations.
     */
    static PairEnv environment(SizeFreeSetup setup, TpdsEpisodeRules rules) {
        List<Cluster> bases = new ArrayList<>();
        List<List<Workload>> workloadsOf = new ArrayList<>();
        List<DurationModel> models = new ArrayList<>();
        for (String c : setup.clusters()) {
            List<Workload> all = new ArrayList<>();
            EnvironmentSetup.Resolved first = null;
            for (String w : setup.workloads()) {
                EnvironmentSetup.Resolved r = setup.base().toBuilder().cluster(c).workload(w).build().resolve(null);
                first = first == null ? r : first;
                all.addAll(r.workloads());
            }
            bases.add(first.cluster());
            workloadsOf.add(all);
            models.add(first.durationModel());
        }
        for (Cluster c : bases) {
            if (c.isElastic() && setup.variants() > bases.size()) {
                // Redrawing VM groups would turn node pools into a fixed cluster.
                throw new IllegalArgumentException("cluster variants redraw fixed clusters only: with elastic cluster '"
                        + c.name() + "' the variants must be the " + bases.size() + " base clusters, got "
                        + setup.variants());
            }
        }
        List<TpdsEnv> envs = new ArrayList<>();
        for (ClusterVariants.Variant v : ClusterVariants.sample(bases, setup.variants(), setup.priceJitter(),
                setup.base().seed())) {
            envs.add(new TpdsEnv(v.cluster(), workloadsOf.get(v.base()), models.get(v.base()), PairEnv.tpdsConfig(rules)));
        }
        return new PairEnv(envs, setup.schema());
    }
}
