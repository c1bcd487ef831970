package io.execplace.rl.agent;

import io.execplace.rl.nn.Network;
import io.execplace.rl.nn.Softmax;

/**
 * Acting with a trained network: the allowed action with the largest output (Q-value or logit).
 * Holds its own copy of the network, so it can be used while training goes on, or from a thread of
 * its own.
 */
public final class GreedyPolicy {

    private final Network network;

    public GreedyPolicy(Network network) {
        this.network = network.copy();
    }

    /** The network's outputs for one observation (reused buffer). */
    public double[] scores(double[] observation) {
        return network.forward(observation, 1);
    }

    /** The greedy action among those the mask allows (null: all). */
    public int act(double[] observation, boolean[] mask) {
        return Softmax.argmax(scores(observation), 0, network.outputSize(), mask);
    }

    public int actionCount() {
        return network.outputSize();
    }

    public int observationSize() {
        return network.inputSize();
    }
}
