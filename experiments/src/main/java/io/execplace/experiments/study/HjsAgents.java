package io.execplace.experiments.study;

import io.execplace.core.progress.ProgressListener;
import io.execplace.experiments.env.TrainingEnvironment;
import io.execplace.experiments.scenario.EnvironmentSetup;
import io.execplace.rl.agent.AgentConfig;
import io.execplace.rl.agent.Algorithm;
import io.execplace.rl.agent.ReinforceConfig;
import io.execplace.rl.env.TpdsEnvConfig;
import io.execplace.rl.train.Trainer;
import io.execplace.rl.train.TrainingListener;
import io.execplace.rl.train.TrainingSpec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Trains HJS agents: {@link #trainer} builds a trainer in the HJS environment (for {@code execplace
 * train --env hjs} and the study), {@link #train} trains the study's HJS and DQN agents per job set.
 */
public final class HjsAgents {

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
     * A trainer in the HJS environment ({@link TrainingEnvironment#hjs}); the agent files record the
     * observation and mask settings in the TPDS environment's form and the HJS environment in the setup.
     *
     * @param spec   what to train; its environment's masking, normalisation and step limit apply
     * @param setup  how the workloads were built (stored in the files)
     * @param lambda λ of the hjs-weight order the environment offers jobs in
     * @param dir    output folder, or null for none
     */
    public static Trainer trainer(TrainingSpec spec, EnvironmentSetup setup, double lambda, Path dir) {
        return TrainingEnvironment.hjs(setup, spec.environment(), lambda).trainer(spec, dir);
    }

    static HjsStudy.Trained train(HjsStudy.AgentKind kind, String jobSet, HjsStudySettings settings, Path folder,
                                  ProgressListener progress) throws IOException {
        Files.createDirectories(folder);
        EnvironmentSetup setup = EnvironmentSetup.builder().cluster("c5").workload(jobSet).seed(1)
                .workloadSeeds(settings.trainWorkloads()).build();
        int iterations = kind == HjsStudy.AgentKind.HJS ? settings.hjsIterations() : settings.dqnIterations();
        TpdsEnvConfig env = TpdsEnvConfig.paper(0.5).withMasking(true).withNormalised(true);
        AgentConfig agent = kind == HjsStudy.AgentKind.HJS ? hjsConfig() : dqnConfig();
        TrainingSpec spec = TrainingSpec.of(agent, env, iterations, TRAINING_SEED)
                .withEvalInterval(Math.max(1, iterations / 5)).withEvalEpisodes(1).withCheckpointInterval(iterations);
        Trainer trainer = kind == HjsStudy.AgentKind.HJS
                ? trainer(spec, setup, settings.lambda(), folder)
                : TrainingEnvironment.tpds(setup, env).trainer(spec, folder);
        long t0 = System.nanoTime();
        trainer.run(TrainingListener.reporting(progress));
        double seconds = (System.nanoTime() - t0) / 1e9;
        LearningCurves.write(kind + ", " + jobSet, Map.of(kind.name(), trainer.curve()), folder, "learning-curve");
        return new HjsStudy.Trained(jobSet, kind, folder, seconds, iterations);
    }
}
