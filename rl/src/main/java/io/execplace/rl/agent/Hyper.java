package io.execplace.rl.agent;

import java.util.List;

/** Checks shared by the hyper-parameter records, with messages that name the parameter. */
final class Hyper {

    private Hyper() {
    }

    static List<Integer> hidden(List<Integer> hidden) {
        if (hidden == null || hidden.isEmpty()) {
            throw new IllegalArgumentException("at least one hidden layer is required");
        }
        for (Integer h : hidden) {
            if (h == null || h < 1) {
                throw new IllegalArgumentException("hidden layer widths must be at least 1, got " + hidden);
            }
        }
        return List.copyOf(hidden);
    }

    static void positive(String name, double value) {
        if (!(value > 0) || !Double.isFinite(value)) {
            throw new IllegalArgumentException(name + " must be a positive number, got " + value);
        }
    }

    static void nonNegative(String name, double value) {
        if (!(value >= 0) || !Double.isFinite(value)) {
            throw new IllegalArgumentException(name + " must be >= 0, got " + value);
        }
    }

    static void unit(String name, double value) {
        if (!(value >= 0 && value <= 1)) {
            throw new IllegalArgumentException(name + " must be in [0, 1], got " + value);
        }
    }

    static void atLeast(String name, int value, int min) {
        if (value < min) {
            throw new IllegalArgumentException(name + " must be at least " + min + ", got " + value);
        }
    }

    /** The checks every off-policy learner's settings share; returns the hidden widths, copied. */
    static List<Integer> replay(List<Integer> hidden, double learningRate, double gamma, int batchSize,
                                int replayCapacity, int collectSteps) {
        List<Integer> h = hidden(hidden);
        positive("learning rate", learningRate);
        unit("gamma", gamma);
        atLeast("batch size", batchSize, 1);
        atLeast("replay capacity", replayCapacity, batchSize);
        atLeast("collect steps", collectSteps, 1);
        return h;
    }

    /** The warm-up, gradient-clip and reward-scale checks of an off-policy learner's settings. */
    static void training(int warmupSteps, double gradientClip, double rewardScale) {
        atLeast("warm-up steps", warmupSteps, 0);
        nonNegative("gradient clip", gradientClip);
        positive("reward scale", rewardScale);
    }

    /** Layer widths from observation through hidden layers to actions. */
    static int[] sizes(int inputs, List<Integer> hidden, int outputs) {
        int[] s = new int[hidden.size() + 2];
        s[0] = inputs;
        for (int i = 0; i < hidden.size(); i++) {
            s[i + 1] = hidden.get(i);
        }
        s[s.length - 1] = outputs;
        return s;
    }
}
