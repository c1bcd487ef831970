package io.execplace.experiments.api;

import io.execplace.experiments.run.StandardSchedulers;
import io.execplace.rl.env.TpdsEnvConfig;
import io.execplace.rl.train.TrainedAgent;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Agent files written before the environment record was split into rules and observation (a flat
 * {@code environment} object; docs/formats.md) still decide as they did. The files under
 * {@code agents/} were written by that build (the TPDS and HJS ones trained by {@code execplace train
 * --agent ppo --hidden 16 --iterations 20 --seed 5}, the pair one is models/elastic-pairs.xprl), and
 * the expected figures are what that build's {@code execplace evaluate FILE --seeds 1 --json} printed.
 */
class FlatEnvironmentAgentsTest {

    @Test
    void aTpdsAgentWithBusyTimesAndThePerJobReward() throws Exception {
        TrainedAgent agent = TrainedAgent.read(file("flat-tpds.xprl"));
        assertThat(agent.environment()).isEqualTo(TpdsEnvConfig.paper(0.5).withMasking(true).withNormalised(true)
                .withBusyTime(true).withPerJobReward(true));
        AgentEvaluation.SeedRun run = evaluate(agent, "flat-tpds.xprl");
        assertThat(run.seed()).isEqualTo(5);
        assertThat(run.summary().totalCost()).isEqualTo(2.82946);
        assertThat(run.summary().meanTurnaround()).isEqualTo(1011.1139999999997);
        assertThat(run.episode().totalReward()).isEqualTo(5115.8222176096715);
    }

    @Test
    void anAgentOfTheHjsEnvironment() throws Exception {
        TrainedAgent agent = TrainedAgent.read(file("flat-hjs.xprl"));
        assertThat(agent.environment()).isEqualTo(TpdsEnvConfig.paper(0.5).withMasking(true).withNormalised(true));
        AgentEvaluation.SeedRun run = evaluate(agent, "flat-hjs.xprl");
        assertThat(run.summary().totalCost()).isEqualTo(0.5985405299672653);
        assertThat(run.target()).isEqualTo(146.23140876054075);
        assertThat(run.episode().totalReward()).isEqualTo(339.2314087605407);
    }

    @Test
    void theShippedElasticPairAgent() throws Exception {
        TrainedAgent agent = TrainedAgent.read(file("flat-elastic-pairs.xprl"));
        assertThat(agent.environment()).isEqualTo(TpdsEnvConfig.paper(0.5).withMasking(true).withQueue("edf")
                .withTargetReward(true));
        AgentEvaluation.SeedRun run = evaluate(agent, "flat-elastic-pairs.xprl");
        assertThat(run.summary().totalCost()).isEqualTo(6.979230222222221);
        assertThat(run.summary().meanTurnaround()).isEqualTo(204.63052217867812);
        assertThat(run.target()).isEqualTo(175.2136170273461);
        assertThat(run.episode().totalReward()).isEqualTo(-0.7863829726539535);
    }

    private static AgentEvaluation.SeedRun evaluate(TrainedAgent agent, String name) {
        var setting = AgentEvaluation.trainedOn(agent);
        return AgentEvaluation.run(StandardSchedulers.REGISTRY, agent, "agent:" + name, setting, setting.seed(), 1)
                .seeds().get(0);
    }

    private static Path file(String name) throws Exception {
        return Path.of(FlatEnvironmentAgentsTest.class.getResource("/agents/" + name).toURI());
    }
}
