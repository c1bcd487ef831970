package io.execplace.experiments.env;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.execplace.experiments.scenario.EnvironmentSetup;
import io.execplace.rl.pairs.PairSchema;

import java.util.ArrayList;
import java.util.List;

/**
 * What the size-free agent trains on: base clusters and workload presets (each workload preset with
 * the seeds {@code base.seed() .. + base.workloadSeeds() − 1}), and how many randomised cluster
 * variants to draw from the bases (VM counts and prices redrawn; the {@code pairs} environment of
 * {@code io.execplace.experiments.env} builds them). Stored in
 * the agent files' {@code setup} (the base setting's fields, which {@code evaluate} and
 * {@code heldout} read as the agent's home setting and training seeds, plus {@code sizeFree}).
 *
 * @param clusters    base cluster presets (or files)
 * @param workloads   workload presets (or files)
 * @param base        pricing, seeds and workload options shared by all; its cluster and workload
 *                    are the first of each list
 * @param variants    cluster variants, at least the number of base clusters
 * @param priceJitter relative price jitter of the drawn variants, in [0, 1)
 * @param schema      the features the agent observes ({@code pairs-1}, or with deadlines)
 */
public record SizeFreeSetup(List<String> clusters, List<String> workloads, EnvironmentSetup base, int variants,
                            double priceJitter, PairSchema schema) {

    /** A setup of the cost-only schema {@code pairs-1}. */
    public SizeFreeSetup(List<String> clusters, List<String> workloads, EnvironmentSetup base, int variants,
                         double priceJitter) {
        this(clusters, workloads, base, variants, priceJitter, PairSchema.PLACEMENT);
    }

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
        s.put("schema", schema.name());
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
        // Setups written before the deadline schema existed are pairs-1's.
        return new SizeFreeSetup(clusters, workloads, EnvironmentSetup.fromJson(setup), s.path("variants").asInt(),
                s.path("priceJitter").asDouble(), PairSchema.byName(s.path("schema").asText(PairSchema.PLACEMENT.name())));
    }
}
