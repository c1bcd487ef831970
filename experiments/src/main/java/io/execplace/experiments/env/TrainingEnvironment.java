package io.execplace.experiments.env;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.execplace.experiments.scenario.EnvironmentSetup;
import io.execplace.rl.env.Env;
import io.execplace.rl.env.ObservationSettings;
import io.execplace.rl.env.TpdsEnvConfig;
import io.execplace.rl.env.TpdsEpisodeRules;
import io.execplace.rl.env.registry.Envs;
import io.execplace.rl.train.Trainer;
import io.execplace.rl.train.TrainingSpec;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The registered environment a training run trains in, and what its agent files record about it:
 * the registry name, the {@link Envs} settings that rebuild it, and the {@code setup} object of the
 * files (which {@code --resume}, {@code evaluate} and {@code heldout} read back with
 * {@link #of(JsonNode, TpdsEnvConfig)}). Training code builds environments only through this, so it
 * names no concrete environment.
 *
 * @param name     {@code tpds}, {@code hjs} or {@code pairs}
 * @param settings the registry settings (text, canonical keys)
 * @param setup    the agent files' {@code setup} object
 */
public record TrainingEnvironment(String name, Map<String, String> settings, ObjectNode setup) {

    /** Setup field naming the environment of an agent trained in the HJS environment ({@code "hjs"}). */
    public static final String ENV_FIELD = "env";
    /** Setup field holding λ of that environment. */
    public static final String LAMBDA_FIELD = "weightLambda";

    public TrainingEnvironment {
        Objects.requireNonNull(name, "name");
        settings = Map.copyOf(settings);
    }

    /** The TPDS environment on {@code setup}'s cluster and workloads with {@code config}'s rewards and options. */
    public static TrainingEnvironment tpds(EnvironmentSetup setup, TpdsEnvConfig config) {
        Map<String, String> s = scenario(setup);
        s.putAll(rulesSettings(config.rules()));
        s.putAll(observationSettings(config.observation()));
        s.put("busy-time", Boolean.toString(config.busyTime()));
        return new TrainingEnvironment("tpds", s, setup.toJson());
    }

    /**
     * The HJS environment with λ {@code lambda} and {@code config}'s observation settings (the two
     * environments share them, so the agent runs as {@code agent:PATH} unchanged). The files record
     * {@code config} as a TPDS agent's and the HJS environment in the setup ({@code env: hjs},
     * {@code weightLambda}).
     */
    public static TrainingEnvironment hjs(EnvironmentSetup setup, TpdsEnvConfig config, double lambda) {
        Map<String, String> s = scenario(setup);
        s.put("weight-lambda", Double.toString(lambda));
        s.putAll(observationSettings(config.observation()));
        ObjectNode json = setup.toJson();
        json.put(ENV_FIELD, "hjs");
        json.put(LAMBDA_FIELD, lambda);
        return new TrainingEnvironment("hjs", s, json);
    }

    /** The size-free pair environment over {@code sizeFree}'s randomised clusters and workloads. */
    public static TrainingEnvironment pairs(SizeFreeSetup sizeFree, TpdsEnvConfig config) {
        Map<String, String> s = scenario(sizeFree.base());
        s.remove("cluster");
        s.remove("workload");
        s.put("clusters", String.join(",", sizeFree.clusters()));
        s.put("workloads", String.join(",", sizeFree.workloads()));
        s.put("cluster-variants", Integer.toString(sizeFree.variants()));
        s.put("price-jitter", Double.toString(sizeFree.priceJitter()));
        s.put("deadline-features", Boolean.toString(sizeFree.schema().deadlines()));
        s.put("elastic-features", Boolean.toString(sizeFree.schema().elastic()));
        s.putAll(rulesSettings(config.rules()));
        return new TrainingEnvironment("pairs", s, sizeFree.toJson());
    }

    /** The environment an agent file's {@code setup} and {@code environment} records describe. */
    public static TrainingEnvironment of(JsonNode setup, TpdsEnvConfig config) {
        SizeFreeSetup sizeFree = SizeFreeSetup.fromJson(setup);
        if (sizeFree != null) {
            TrainingEnvironment e = pairs(sizeFree, config);
            return new TrainingEnvironment(e.name, e.settings, (ObjectNode) setup.deepCopy());
        }
        EnvironmentSetup base = EnvironmentSetup.fromJson(setup);
        Double lambda = lambdaOf(setup);
        return lambda == null ? tpds(base, config) : hjs(base, config, lambda);
    }

    /** λ of the HJS environment an agent's setup names, or null when it was trained in another. */
    public static Double lambdaOf(JsonNode setup) {
        return "hjs".equals(setup.path(ENV_FIELD).asText()) ? setup.path(LAMBDA_FIELD).asDouble() : null;
    }

    /** A new instance from the registry (wrappers applied, no episode running). */
    public Env make() {
        return Envs.make(name, settings);
    }

    /** A trainer in two instances of this environment (training and evaluation) writing into {@code dir}. */
    public Trainer trainer(TrainingSpec spec, Path dir) {
        return new Trainer(spec, make(), make(), dir, setup);
    }

    /** The scenario settings of {@code setup} (null fields left out: the registry's defaults are train's). */
    private static Map<String, String> scenario(EnvironmentSetup setup) {
        Map<String, String> s = new LinkedHashMap<>();
        put(s, "cluster", setup.cluster());
        put(s, "pricing", setup.pricing());
        put(s, "workload", setup.workload());
        put(s, "format", setup.format());
        put(s, "jobs", setup.jobs());
        put(s, "requests", setup.requests());
        put(s, "type-penalty", setup.typePenalty());
        put(s, "hybrid-penalty", setup.hybridPenalty());
        put(s, "profile", setup.profile());
        s.put("seed", Long.toString(setup.seed()));
        s.put("workload-seeds", Integer.toString(setup.workloadSeeds()));
        return s;
    }

    /**
     * {@code rules} as registry settings: the paper variant with every rule spelled out. Only the
     * partial-wait reward is a setting (the only reward the command line changes); rules with other
     * rewards than TPDS Table 3's cannot be rebuilt from settings and are refused.
     */
    private static Map<String, String> rulesSettings(TpdsEpisodeRules c) {
        TpdsEpisodeRules.Rewards r = c.rewards();
        if (!r.withPartialWait(TpdsEpisodeRules.Rewards.PAPER.partialWait()).equals(TpdsEpisodeRules.Rewards.PAPER)) {
            throw new IllegalArgumentException("the environment's rewards " + r + " differ from TPDS Table 3's in more "
                    + "than the partial-wait reward, which no setting expresses");
        }
        Map<String, String> s = new LinkedHashMap<>();
        s.put("beta", Double.toString(c.beta()));
        s.put("variant", "paper");
        s.put("partial-wait-reward", Double.toString(r.partialWait()));
        s.put("partial-wait-ends", Boolean.toString(c.partialWaitEnds()));
        s.put("fixed-reward", Double.toString(c.fixedReward()));
        s.put("per-job-reward", Boolean.toString(c.perJobReward()));
        s.put("lookahead", Boolean.toString(c.lookAhead()));
        s.put("queue", c.queue());
        s.put("target-reward", Boolean.toString(c.targetReward()));
        return s;
    }

    /** {@code o} as the registry settings of the environments that take it ({@code tpds}, {@code hjs}). */
    private static Map<String, String> observationSettings(ObservationSettings o) {
        Map<String, String> s = new LinkedHashMap<>();
        s.put("mask", Boolean.toString(o.masking()));
        s.put("normalise", Boolean.toString(o.normalised()));
        s.put("max-steps", Integer.toString(o.maxSteps()));
        return s;
    }

    private static void put(Map<String, String> s, String key, Object value) {
        if (value != null) {
            s.put(key, value.toString());
        }
    }
}
