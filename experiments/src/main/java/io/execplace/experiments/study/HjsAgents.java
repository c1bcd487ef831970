package io.execplace.experiments.study;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.execplace.core.model.ClusterPresets;
import io.execplace.core.model.Workload;
import io.execplace.core.rules.DurationModel;
import io.execplace.experiments.scenario.EnvironmentSetup;
import io.execplace.rl.agent.AgentConfig;
import io.execplace.rl.agent.Algorithm;
import io.execplace.rl.agent.IterationStats;
import io.execplace.rl.agent.ReinforceConfig;
import io.execplace.rl.env.HjsEnv;
import io.execplace.rl.env.HjsEnvConfig;
import io.execplace.rl.env.TpdsEnv;
import io.execplace.rl.env.TpdsEnvConfig;
import io.execplace.rl.train.Trainer;
import io.execplace.rl.train.TrainingListener;
import io.execplace.rl.train.TrainingSpec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Trains HJS agents: {@link #trainer} builds a trainer in the HJS environment (for {@code execplace
 * train --env hjs} and the study), {@link #train} trains the study's HJS and DQN agents per job set.
 */
public final class HjsAgents {

    /** Setup field naming the environment of an agent trained in the HJS environment ({@code "hjs"}). */
    public static final String ENV_FIELD = "env";
    /** Setup field holding λ of that environment. */
    public static final String LAMBDA_FIELD = "weightLambda";

    /** Seed of every training (networks, exploration). */
    static final long TRAINING_SEED = 1;

    private HjsAgents() {
    }

    /**
     * The HJS agent's hyper-parameters: REINFORCE with a learned state-value baseline (the paper's
     * "Policy Gradient"), TPDS Table 5's network and learning rate, γ = 1 (the Target arrives at the
     * end of an episode of hundreds of steps; discounting would hide it from the early placements),
     * rewards scaled by 0.01.
     */
    static ReinforceConfig hjsConfig() {
        return new ReinforceConfig(List.of(200), 1e-3, 1.0, 10, true, true, 0, 0, 0.01);
    }

    /** The TPDS DQN agent as the TPDS study trains it. */
    static AgentConfig dqnConfig() {
        return TpdsStudy.agentConfig(Algorithm.DQN);
    }

    /**
     * A trainer in the HJS environment on the resolved cluster and workloads. The agent files record
     * the observation and mask settings in the TPDS environment's form ({@code spec.environment()}:
     * the two environments share observation and mask, so the agent runs as {@code agent:PATH}
     * unchanged) and the HJS environment in the setup ({@code env: hjs}, {@code weightLambda}).
     *
     * @param spec   what to train; its environment's masking, normalisation and step limit apply
     * @param setup  how the workloads were built (stored in the files)
     * @param lambda λ of the hjs-weight order the environment offers jobs in
     * @param dir    output folder, or null for none
     */
    public static Trainer trainer(TrainingSpec spec, EnvironmentSetup setup, double lambda, Path dir) {
        EnvironmentSetup.Resolved r = setup.resolve(null);
        TpdsEnvConfig o = spec.environment();
        HjsEnvConfig config = HjsEnvConfig.of(lambda).withMasking(o.masking()).withNormalised(o.normalised())
                .withMaxSteps(o.maxSteps());
        HjsEnv train = new HjsEnv(r.cluster(), r.workloads(), r.durationModel(), config, null);
        HjsEnv eval = new HjsEnv(r.cluster(), r.workloads(), r.durationModel(), config, null);
        ObjectNode json = setup.toJson();
        json.put(ENV_FIELD, "hjs");
        json.put(LAMBDA_FIELD, lambda);
        return new Trainer(spec, train.wrapped(), eval.wrapped(), train.encoder(), r.cluster(), dir, json);
    }

    /** λ of the HJS environment an agent's setup names, or null when it was trained in the TPDS one. */
    public static Double lambdaOf(JsonNode setup) {
        return "hjs".equals(setup.path(ENV_FIELD).asText()) ? setup.path(LAMBDA_FIELD).asDouble() : null;
    }

    static HjsStudy.Trained train(HjsStudy.AgentKind kind, String jobSet, HjsStudy.Settings settings, Path folder,
                                  Runnable tick) throws IOException {
        Files.createDirectories(folder);
        EnvironmentSetup setup = EnvironmentSetup.builder().cluster("c5").workload(jobSet).seed(1)
                .workloadSeeds(settings.trainWorkloads()).build();
        EnvironmentSetup.Resolved resolved = setup.resolve(null);
        int iterations = kind == HjsStudy.AgentKind.HJS ? settings.hjsIterations() : settings.dqnIterations();
        TpdsEnvConfig env = TpdsEnvConfig.paper(0.5).withMasking(true).withNormalised(true);
        AgentConfig agent = kind == HjsStudy.AgentKind.HJS ? hjsConfig() : dqnConfig();
        TrainingSpec spec = TrainingSpec.of(agent, env, iterations, TRAINING_SEED)
                .withEvalInterval(Math.max(1, iterations / 5)).withEvalEpisodes(1).withCheckpointInterval(iterations);
        Trainer trainer = kind == HjsStudy.AgentKind.HJS
                ? trainer(spec, setup, settings.lambda(), folder)
                : new Trainer(spec, tpdsEnv(resolved.workloads(), resolved.durationModel(), env),
                        tpdsEnv(resolved.workloads(), resolved.durationModel(), env), folder, setup.toJson());
        long t0 = System.nanoTime();
        trainer.run(new TrainingListener() {
            @Override
            public void iterationDone(int iteration, int iterationsTotal, IterationStats s, double recent) {
                tick.run();
            }
        });
        double seconds = (System.nanoTime() - t0) / 1e9;
        LearningCurves.write(kind + ", " + jobSet, Map.of(kind.name(), trainer.curve()), folder, "learning-curve");
        return new HjsStudy.Trained(jobSet, kind, folder, seconds, iterations);
    }

    private static TpdsEnv tpdsEnv(List<Workload> workloads, DurationModel model, TpdsEnvConfig config) {
        return new TpdsEnv(ClusterPresets.c5(), new ArrayList<>(workloads), model, config);
    }
}
