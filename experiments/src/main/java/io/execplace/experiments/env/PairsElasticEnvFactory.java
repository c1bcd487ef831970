package io.execplace.experiments.env;

import io.execplace.experiments.scenario.EnvironmentSetup;
import io.execplace.rl.env.Env;
import io.execplace.rl.env.TpdsEpisodeRules;
import io.execplace.rl.env.registry.EnvSetting;
import io.execplace.rl.env.registry.EnvSettings;
import io.execplace.rl.pairs.PairSchema;

import java.util.List;
import java.util.Set;

/**
 * Registers {@code pairs-elastic}: the pair environment on elastic node pools, as the elastic study
 * runs them — by default the {@code elastic-spot} pools, {@code hybrid-medium}'s jobs with deadlines,
 * the EDF queue — observed through schema {@code pairs-elastic-1} (the deadline features and the node
 * features: bought, launch time, spot, pool open, empty live node) and paid HJS's Target as it
 * accrues: the node cost each step commits, and a share for each deadline job started on time. The
 * clusters are the bases themselves (cluster variants redraw fixed clusters only). It is
 * {@code pairs} with {@code elastic-features=true}, {@code target-reward=true}, {@code queue=edf}
 * and one variant per cluster, under its own name so that {@code Envs.make("pairs-elastic", Map.of())}
 * is the setting the elastic agent trains on.
 */
public final class PairsElasticEnvFactory extends ListedEnvFactory {

    private static final Set<String> NOT_APPLICABLE = concat(PairsEnvFactory.NOT_APPLICABLE,
            Set.of("queue", "target-reward"));
    private static final List<EnvSetting> SETTINGS = TpdsEnvFactory.concat(List.of(
            new EnvSetting("clusters", "elastic-spot", "elastic clusters (presets or files), comma-separated"),
            new EnvSetting("workloads", "hybrid-medium", "workload presets, each with workload-seeds seeds"),
            new EnvSetting("queue", "edf", "queue order: edf, fcfs, edf-feasible, hjs-weight or hjs-weight:LAMBDA"),
            new EnvSetting("target-reward", "true",
                    "pay HJS's Target (Eq. 5) as it accrues: committed node cost and deadlines met (false: R_epi)")),
            EnvSettingGroups.scenarioAndTpdsWithout(NOT_APPLICABLE));

    public PairsElasticEnvFactory() {
        super("pairs-elastic",
                "size-free placement on elastic node pools (buying nodes, launch delays, spot): pair observations "
                        + "with node features, HJS Target reward",
                SETTINGS);
    }

    @Override
    public Env make(EnvSettings s) {
        List<String> clusters = s.list("clusters");
        List<String> workloads = s.list("workloads");
        EnvironmentSetup base = EnvSettingGroups.setup(s, clusters.get(0), workloads.get(0)).build();
        SizeFreeSetup setup = new SizeFreeSetup(clusters, workloads, base, clusters.size(), 0, PairSchema.ELASTIC);
        TpdsEpisodeRules given = EnvSettingGroups.rules(s);
        TpdsEpisodeRules queued = s.checked("queue", () -> given.withQueue(s.text("queue")));
        TpdsEpisodeRules rules = s.checked("target-reward", () -> queued.withTargetReward(s.flag("target-reward")));
        try {
            return PairsEnvFactory.environment(setup, rules);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("env 'pairs-elastic': " + e.getMessage(), e);
        }
    }

    private static Set<String> concat(Set<String> a, Set<String> b) {
        Set<String> out = new java.util.HashSet<>(a);
        out.addAll(b);
        return Set.copyOf(out);
    }
}
