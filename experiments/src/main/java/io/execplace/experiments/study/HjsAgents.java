package io.execplace.experiments.study;

import io.execplace.core.model.ClusterPresets;
import io.execplace.core.model.Workload;
import io.execplace.core.rules.DurationModel;
import io.execplace.experiments.scenario.EnvironmentSetup;
import io.execplace.rl.agent.AgentConfig;
import io.execplace.rl.agent.Algorithm;
import io.execplace.rl.agent.IterationStats;
import io.execplace.rl.agent.ReinforceConfig;
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

/** Trains the HJS study's agents: the HJS policy-gradient agent and the TPDS DQN agent, per job set. */
final class HjsAgents {

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

    static HjsStudy.Trained train(HjsStudy.AgentKind kind, String jobSet, HjsStudy.Settings settings, Path folder,
                                  Runnable tick) throws IOException {
        Files.createDirectories(folder);
        EnvironmentSetup setup = new EnvironmentSetup("c5", null, jobSet, null, null, null, null, null, 1,
                settings.trainWorkloads());
        EnvironmentSetup.Resolved resolved = setup.resolve(null);
        int iterations = kind == HjsStudy.AgentKind.HJS ? settings.hjsIterations() : settings.dqnIterations();
        TpdsEnvConfig env = TpdsEnvConfig.paper(0.5).withMasking(true).withNormalised(true);
        AgentConfig agent = kind == HjsStudy.AgentKind.HJS ? hjsConfig() : dqnConfig();
        TrainingSpec spec = new TrainingSpec(agent, env, iterations, Math.max(1, iterations / 5), 1, iterations,
                TRAINING_SEED);
        Trainer trainer = new Trainer(spec, tpdsEnv(resolved.workloads(), resolved.durationModel(), env),
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
