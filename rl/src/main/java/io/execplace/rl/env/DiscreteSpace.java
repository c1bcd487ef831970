package io.execplace.rl.env;

import java.util.List;

/**
 * A discrete action space: actions {@code 0 .. size()-1}, each named.
 *
 * @param labels name of each action (e.g. {@code wait}, {@code place on vm1})
 */
public record DiscreteSpace(List<String> labels) {

    public DiscreteSpace {
        labels = List.copyOf(labels);
        if (labels.isEmpty()) {
            throw new IllegalArgumentException("a discrete space needs at least one action");
        }
    }

    public int size() {
        return labels.size();
    }

    public boolean contains(int action) {
        return action >= 0 && action < labels.size();
    }

    @Override
    public String toString() {
        return "Discrete(" + size() + ")" + labels;
    }
}
