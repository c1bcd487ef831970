package io.execplace.experiments.env;

import io.execplace.core.model.Workload;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.experiments.scenario.EnvironmentSetup;
import io.execplace.rl.agent.GreedyPolicy;
import io.execplace.rl.env.Env;
import io.execplace.rl.env.HjsEnv;
import io.execplace.rl.env.HjsEnvConfig;
import io.execplace.rl.env.ObservationSettings;
import io.execplace.rl.env.TpdsEnv;
import io.execplace.rl.pairs.PairEnv;
import io.execplace.rl.pairs.PairPolicy;
import io.execplace.rl.train.AgentPolicy;
import io.execplace.rl.train.TrainedAgent;
import io.execplace.core.policy.PlacementPolicy;

import java.util.List;

/**
 * A trained agent replayed on other workloads: the scheduler it is in the simulator, and its greedy
 * policy in the kind of environment it trained in ({@code tpds}, {@code hjs} or {@code pairs}), with
 * the observation settings <em>and scales</em> stored in its file. That last part is why this does not
 * go through {@link io.execplace.rl.env.registry.Envs}: the registry derives scales from the workloads
 * it is given, and an agent must see new workloads on the scales it learned on.
 *
 * @param scheduler the agent as a placement policy ({@code agent:PATH}), for {@link io.execplace.core.sim.Simulation}
 * @param env       its environment on the replayed workloads (wrappers applied)
 * @param greedy    the greedy policy to run in {@code env}
 * @param config    the simulation settings: the workload's defaults, with the agent's queue order
 */
public record AgentReplay(PlacementPolicy scheduler, Env env, GreedyPolicy greedy, SimulationConfig config) {

    /** {@code agent} (read from {@code path}) on {@code r}'s cluster and workloads; the simulator runs {@code workload}. */
    public static AgentReplay of(TrainedAgent agent, String path, EnvironmentSetup.Resolved r, Workload workload) {
        SimulationConfig config = SimulationConfig.defaults(r.cluster(), workload);
        if (agent.isSizeFree()) {
            // A size-free agent runs on whatever cluster is given; a fixed-size one only on its own.
            PairEnv pairs = new PairEnv(List.of(new TpdsEnv(r.cluster(), r.workloads(), r.durationModel(),
                    PairEnv.tpdsConfig(agent.environment().rules()))),
                    agent.pairNetwork(1).schema());
            return new AgentReplay(new PairPolicy("agent:" + path, agent.pairNetwork(1)), pairs,
                    new GreedyPolicy(agent.pairNetwork(pairs.slots())), config.withQueue(agent.environment().queuePolicy()));
        }
        PlacementPolicy scheduler = new AgentPolicy("agent:" + path, agent);
        Double lambda = TrainingEnvironment.lambdaOf(agent.metadata().path("setup"));
        if (lambda == null) {
            Env env = new TpdsEnv(r.cluster(), r.workloads(), r.durationModel(), agent.environment(), agent.scales()).wrapped();
            return new AgentReplay(scheduler, env, agent.policy(), config);
        }
        // An agent trained in the HJS environment is replayed there, and scheduled with its queue order.
        HjsEnvConfig hjs = HjsEnvConfig.of(lambda).withObservation(
                new ObservationSettings(agent.environment().normalised(), agent.environment().masking(), 0));
        Env env = new HjsEnv(r.cluster(), r.workloads(), r.durationModel(), hjs, agent.scales()).wrapped();
        return new AgentReplay(scheduler, env, agent.policy(), config.withQueue(hjs.queue()));
    }
}
