package io.execplace.core.metrics;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class IntervalUnionTest {

    private static List<double[]> intervals(double... bounds) {
        List<double[]> out = new ArrayList<>();
        for (int i = 0; i < bounds.length; i += 2) {
            out.add(new double[]{bounds[i], bounds[i + 1]});
        }
        return out;
    }

    @Test
    void noIntervalsCoverNothing() {
        assertThat(IntervalUnion.length(intervals())).isZero();
    }

    @Test
    void overlappingAndTouchingIntervalsCountOnce() {
        // [0,10] and [5,12] overlap, [12,15] touches them: one run of 15 s.
        assertThat(IntervalUnion.length(intervals(5, 12, 0, 10, 12, 15))).isEqualTo(15.0);
    }

    @Test
    void disjointIntervalsAddUpWhateverTheirOrder() {
        // [20,30] holds [22,25]; [0,4] apart: 10 + 4.
        assertThat(IntervalUnion.length(intervals(20, 30, 0, 4, 22, 25))).isEqualTo(14.0);
    }
}
