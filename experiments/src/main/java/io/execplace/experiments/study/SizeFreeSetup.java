package io.execplace.experiments.study;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.Workload;
import io.execplace.core.rules.DurationModel;
import io.execplace.experiments.scenario.EnvironmentSetup;
import io.execplace.rl.env.TpdsEnv;
import io.execplace.rl.env.TpdsEnvConfig;
import io.execplace.rl.pairs.ClusterVariants;
import io.execplace.rl.pairs.PairEnv;

import java.util.ArrayList;
import java.util.List;

/**
 * What the size-free agent trains on: base clusters and workload presets (each workload preset with
 * the seeds {@code base.seed() .. + base.workloadSeeds() − 1}), and how many randomised cluster
 * variants to draw from the bases ({@link ClusterVariants}: VM counts and prices redrawn). Stored in
 * the agent files' {@code setup} (the base setting's fields, which {@code evaluate} and
 * {@code heldout} read as the agent's home setting and training seeds, plus {@code sizeFree}).
 *
 * @param clusters    base cluster presets (or files)
 * @param workloads   workload presets (or files)
 * @param base        pricing, seeds and workload options shared by all; its cluster and workload
 *                    are the first of each list
 * @param variants    cluster variants, at least the number of base clusters
 * @param priceJitter relative price jitter of the drawn variants, in [0, 1)
 */
public record SizeFreeSetup(List<String> clusters, List<String> workloads, EnvironmentSetup base, int variants,
                            double priceJitter) {

    public SizeFreeSetup {
        if (clusters.isEmpty() || workloads.isEmpty()) {
            throw new IllegalArgumentException("the size-free agent needs at least one cluster and one workload");
        }
        clusters = List.copyOf(clusters);
        workloads = List.copyOf(workloads);
        if (variants < clusters.size()) {
            throw new IllegalArgumentException("--cluster-variants must be at least the " + clusters.size()
                    + " base clusters, got " + variants);
        }
        if (!(priceJitter >= 0 && priceJitter < 1)) {
            throw new IllegalArgumentException("--price-jitter must be in [0, 1), got " + priceJitter);
        }
    }

    /**
     * The environment: one masked {@link TpdsEnv} per cluster variant over all workloads of its
     * base cluster, seen through pair observations.
     */
    public PairEnv environment(TpdsEnvConfig config) {
        List<Cluster> bases = new ArrayList<>();
        List<List<Workload>> workloadsOf = new ArrayList<>();
        List<DurationModel> models = new ArrayList<>();
        for (String c : clusters) {
            List<Workload> all = new ArrayList<>();
            EnvironmentSetup.Resolved first = null;
            for (String w : workloads) {
                EnvironmentSetup.Resolved r = base.toBuilder().cluster(c).workload(w).build().resolve(null);
                first = first == null ? r : first;
                all.addAll(r.workloads());
            }
            bases.add(first.cluster());
            workloadsOf.add(all);
            models.add(first.durationModel());
        }
        List<TpdsEnv> envs = new ArrayList<>();
        for (ClusterVariants.Variant v : ClusterVariants.sample(bases, variants, priceJitter, base.seed())) {
            envs.add(new TpdsEnv(v.cluster(), workloadsOf.get(v.base()), models.get(v.base()), config.withMasking(true)));
        }
        return new PairEnv(envs);
    }

    /** As the agent files store it. */
    public ObjectNode toJson() {
        ObjectNode n = base.toJson();
        ObjectNode s = n.putObject("sizeFree");
        ArrayNode c = s.putArray("clusters");
        clusters.forEach(c::add);
        ArrayNode w = s.putArray("workloads");
        workloads.forEach(w::add);
        s.put("variants", variants);
        s.put("priceJitter", priceJitter);
        return n;
    }

    /** Reads {@link #toJson()}; null when {@code setup} is not a size-free agent's. */
    public static SizeFreeSetup fromJson(JsonNode setup) {
        JsonNode s = setup == null ? null : setup.get("sizeFree");
        if (s == null) {
            return null;
        }
        List<String> clusters = new ArrayList<>();
        s.path("clusters").forEach(x -> clusters.add(x.asText()));
        List<String> workloads = new ArrayList<>();
        s.path("workloads").forEach(x -> workloads.add(x.asText()));
        return new SizeFreeSetup(clusters, workloads, EnvironmentSetup.fromJson(setup), s.path("variants").asInt(),
                s.path("priceJitter").asDouble());
    }
}
