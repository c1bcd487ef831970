package io.execplace.experiments.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.Workload;
import io.execplace.core.rules.DurationModel;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The cluster and workloads an RL environment is built from, named the way scenarios name them
 * (presets or files), so that training uses exactly the clusters, workloads and duration rules the
 * simulator runs. Stored in agent files, so that a training run can be resumed and an agent
 * evaluated on what it was trained on.
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
 */
public record EnvironmentSetup(String cluster, String pricing, String workload, String format, Integer jobs,
                               String requests, String typePenalty, String hybridPenalty, long seed, int workloadSeeds) {

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
        return new EnvironmentSetup("tpds", null, workloadPreset, null, null, null, null, null, seed, 1);
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

    /** Resolves names to a cluster and workloads; relative file names against {@code baseDir} (may be null). */
    public Resolved resolve(Path baseDir) {
        ScenarioSpec spec = new ScenarioSpec(null, cluster, pricing, workload, format, jobs, requests, null, null, null,
                null, seed, workloadSeeds, null, null, null, null, typePenalty, hybridPenalty, null, null, null, null,
                null, null);
        Cluster c = spec.resolveCluster(baseDir);
        WorkloadSource source = spec.resolveWorkload(baseDir);
        List<Workload> workloads = new ArrayList<>(workloadSeeds);
        for (long s : spec.seedList()) {
            workloads.add(source.forSeed(s));
        }
        DurationModel model = spec.resolveOptions().configFor(c, workloads.get(0)).durationModel();
        return new Resolved(c, workloads, model, c.name().split("/")[0] + " / " + source.name());
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
        return new EnvironmentSetup(text(node, "cluster"), text(node, "pricing"), text(node, "workload"),
                text(node, "format"), node.hasNonNull("jobs") ? node.get("jobs").asInt() : null, text(node, "requests"),
                text(node, "typePenalty"), text(node, "hybridPenalty"), node.path("seed").asLong(1),
                node.path("workloadSeeds").asInt(1));
    }

    private static String text(JsonNode node, String field) {
        JsonNode v = node.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }
}
