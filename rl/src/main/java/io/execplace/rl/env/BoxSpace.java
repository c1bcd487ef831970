package io.execplace.rl.env;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A vector observation space: {@code size()} real values, each within {@code [low, high]}, each named.
 *
 * @param low    least value of each entry
 * @param high   greatest value of each entry
 * @param labels name of each entry (e.g. {@code vm3.freeCores})
 */
public record BoxSpace(double[] low, double[] high, List<String> labels) {

    public BoxSpace {
        Objects.requireNonNull(low, "low");
        Objects.requireNonNull(high, "high");
        labels = List.copyOf(labels);
        if (low.length != high.length || low.length != labels.size()) {
            throw new IllegalArgumentException("low, high and labels differ in length: " + low.length + ", "
                    + high.length + ", " + labels.size());
        }
        low = low.clone();
        high = high.clone();
    }

    public int size() {
        return low.length;
    }

    @Override
    public double[] low() {
        return low.clone();
    }

    @Override
    public double[] high() {
        return high.clone();
    }

    /** True when every value of {@code x} is within its bounds. */
    public boolean contains(double[] x) {
        if (x.length != low.length) {
            return false;
        }
        for (int i = 0; i < x.length; i++) {
            if (!(x[i] >= low[i] && x[i] <= high[i])) {
                return false;
            }
        }
        return true;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BoxSpace b && Arrays.equals(low, b.low) && Arrays.equals(high, b.high)
                && labels.equals(b.labels);
    }

    @Override
    public int hashCode() {
        return Objects.hash(Arrays.hashCode(low), Arrays.hashCode(high), labels);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("Box(").append(size()).append(")[");
        for (int i = 0; i < size(); i++) {
            sb.append(i == 0 ? "" : ", ").append(labels.get(i)).append(" in [").append(low[i]).append(", ")
                    .append(high[i]).append(']');
        }
        return sb.append(']').toString();
    }
}
