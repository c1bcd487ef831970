package io.execplace.rl.agent;

import io.execplace.rl.env.Env;
import io.execplace.rl.nn.Activation;
import io.execplace.rl.nn.Mlp;
import io.execplace.rl.nn.Network;
import org.apache.commons.rng.UniformRandomProvider;

import java.util.List;

/**
 * How the on-policy learners build their networks for an environment: fixed-size MLPs over the
 * whole observation ({@link #MLP}, the papers' networks), or a network an environment asks for by
 * implementing {@link Source} (the size-free pair scorer of {@code io.execplace.rl.pairs}).
 */
public interface NetworkFactory {

    /** A policy network: one output (logit) per action. */
    Network policy(int observationSize, int actions, List<Integer> hidden, UniformRandomProvider rng);

    /** A state-value network: one output. */
    Network value(int observationSize, List<Integer> hidden, UniformRandomProvider rng);

    /** An environment whose observation needs networks of its own shape. */
    interface Source {
        NetworkFactory networks();
    }

    /** Dense ReLU networks over the whole observation. */
    NetworkFactory MLP = new NetworkFactory() {
        @Override
        public Network policy(int observationSize, int actions, List<Integer> hidden, UniformRandomProvider rng) {
            return Mlp.create(Hyper.sizes(observationSize, hidden, actions), Activation.RELU, rng);
        }

        @Override
        public Network value(int observationSize, List<Integer> hidden, UniformRandomProvider rng) {
            return Mlp.create(Hyper.sizes(observationSize, hidden, 1), Activation.RELU, rng);
        }
    };

    /** The factory {@code env} asks for, else {@link #MLP}. */
    static NetworkFactory of(Env env) {
        return env instanceof Source s ? s.networks() : MLP;
    }
}
