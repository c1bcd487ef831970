package io.execplace.experiments.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.Workload;
import io.execplace.core.rules.DurationModel;
import io.execplace.schedulers.Schedulers;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The cluster and workloads an RL environment is built from, named the way scenarios name them
 * (presets or files), so that training uses exactly the clusters, workloads and duration rules the
 * simulator runs. Stored in agent files, so that a training run can be resumed and an agent
 * evaluated on what it was trained on. Built with {@link #builder()}.
 *
 * @param cluster       cluster preset or YAML file
 * @param pricing       HYB pricing model of the hybrid presets, or null
 * @param workload      workload preset or trace file
 * @param format        trace format, or null to detect
 * @param jobs          jobs of a generated workload, or null for the preset's
 * @param requests      request ranges ({@code paper} or {@code reference}), or null
 * @param typePenalty   {@code on}, {@code off}, {@code auto} or null (auto)
 * @param hybridPenalty {@code on}, {@code off}, {@code auto} or null (auto)
 * @param seed          the first workload seed
 * @param workloadSeeds how many workloads (seeds {@code seed, seed+1, ...}) the episodes cycle through
 * @param profile       a job-type profile file, or null for the papers' numbers
 */
public record EnvironmentSetup(String cluster, String pricing, String workload, String format, Integer jobs,
                               String requests, String typePenalty, String hybridPenalty, long seed, int workloadSeeds,
                               String profile) {

    private static final ObjectMapper JSON = new ObjectMapper();

    public EnvironmentSetup {
        if (cluster == null || workload == null) {
            throw new IllegalArgumentException("a cluster and a workload are required");
        }
        if (workloadSeeds < 1) {
            throw new IllegalArgumentException("workload seeds must be at least 1, got " + workloadSeeds);
        }
    }

    /** The TPDS setting: cluster {@code tpds}, the given TPDS workload preset, one workload of seed {@code seed}. */
    public static EnvironmentSetup tpds(String workloadPreset, long seed) {
        return builder().workload(workloadPreset).seed(seed).build();
    }

    /** A builder with cluster {@code tpds}, workload {@code tpds-normal}, seed 1, one workload seed. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding this setup's values. */
    public Builder toBuilder() {
        return builder().cluster(cluster).pricing(pricing).workload(workload).format(format).jobs(jobs)
                .requests(requests).typePenalty(typePenalty).hybridPenalty(hybridPenalty).seed(seed)
                .workloadSeeds(workloadSeeds).profile(profile);
    }

    /** Sets {@link EnvironmentSetup}'s fields by name. */
    public static final class Builder {
        private String cluster = "tpds";
        private String pricing;
        private String workload = "tpds-normal";
        private String format;
        private Integer jobs;
        private String requests;
        private String typePenalty;
        private String hybridPenalty;
        private long seed = 1;
        private int workloadSeeds = 1;
        private String profile;

        private Builder() {
        }

        public Builder cluster(String v) { cluster = v; return this; }
        public Builder pricing(String v) { pricing = v; return this; }
        public Builder workload(String v) { workload = v; return this; }
        public Builder format(String v) { format = v; return this; }
        public Builder jobs(Integer v) { jobs = v; return this; }
        public Builder requests(String v) { requests = v; return this; }
        public Builder typePenalty(String v) { typePenalty = v; return this; }
        public Builder hybridPenalty(String v) { hybridPenalty = v; return this; }
        public Builder seed(long v) { seed = v; return this; }
        public Builder workloadSeeds(int v) { workloadSeeds = v; return this; }
        public Builder profile(String v) { profile = v; return this; }

        public EnvironmentSetup build() {
            return new EnvironmentSetup(cluster, pricing, workload, format, jobs, requests, typePenalty, hybridPenalty,
                    seed, workloadSeeds, profile);
        }
    }

    /**
     * The resolved setting.
     *
     * @param cluster       the cluster
     * @param workloads     one workload per seed
     * @param durationModel the duration rules the simulator applies to this cluster and workload
     * @param label         a short description, e.g. {@code tpds / tpds-burst}
     */
    public record Resolved(Cluster cluster, List<Workload> workloads, DurationModel durationModel, String label) {
    }

    /**
     * These settings as scenario settings, each attributed to the command-line option that sets it
     * (training and evaluation take them from options), so that refusals name the option.
     */
    public ScenarioInput toInput() {
        return ScenarioInput.empty().withOption("cluster", cluster, "--cluster").withOption("pricing", pricing, "--pricing")
                .withOption("workload", workload, "--workload").withOption("format", format, "--format")
                .withOption("jobs", jobs, "--jobs").withOption("requests", requests, "--requests")
                .withOption("typePenalty", typePenalty, "--type-penalty")
                .withOption("hybridPenalty", hybridPenalty, "--hybrid-penalty")
                .withOption("seed", seed, "--seed").withOption("seeds", workloadSeeds, "--workload-seeds")
                .withOption("profile", profile, "--profile");
    }

    /** Resolves names to a cluster and workloads; relative file names against {@code baseDir} (may be null). */
    public Resolved resolve(Path baseDir) {
        ScenarioInput input = toInput();
        ScenarioResolver resolver = new ScenarioResolver(Schedulers.builtIn());
        ScenarioSpec spec = resolver.spec(input);
        Scenario scenario = resolver.resolve(input, baseDir);
        List<Workload> workloads = new ArrayList<>(workloadSeeds);
        for (long s : spec.seeds().list()) {
            workloads.add(scenario.workloads().forSeed(s));
        }
        DurationModel model = scenario.options().penalties().modelFor(scenario.cluster(), workloads.get(0));
        Cluster c = scenario.cluster();
        return new Resolved(c, workloads, model, c.name().split("/")[0] + " / " + scenario.workloads().name());
    }

    /** As a JSON object (null fields left out). */
    public ObjectNode toJson() {
        ObjectNode n = JSON.valueToTree(this);
        List<String> nulls = new ArrayList<>();
        n.fields().forEachRemaining(e -> {
            if (e.getValue().isNull()) {
                nulls.add(e.getKey());
            }
        });
        n.remove(nulls);
        return n;
    }

    /** Reads {@link #toJson()}'s output. */
    public static EnvironmentSetup fromJson(JsonNode node) {
        return builder().cluster(text(node, "cluster")).pricing(text(node, "pricing")).workload(text(node, "workload"))
                .format(text(node, "format")).jobs(node.hasNonNull("jobs") ? node.get("jobs").asInt() : null)
                .requests(text(node, "requests")).typePenalty(text(node, "typePenalty"))
                .hybridPenalty(text(node, "hybridPenalty")).seed(node.path("seed").asLong(1))
                .workloadSeeds(node.path("workloadSeeds").asInt(1)).profile(text(node, "profile")).build();
    }

    private static String text(JsonNode node, String field) {
        JsonNode v = node.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }
}
