package io.execplace.core.model;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Karpenter's instance-type rule on hand-worked cases. */
class InstanceChoiceTest {

    /** Types by pods each holds, price and whether one can be had now. */
    private static InstanceChoice.Types types(long[] holds, double[] prices, boolean[] available) {
        return new InstanceChoice.Types() {
            @Override
            public int count() {
                return holds.length;
            }

            @Override
            public long holds(int t) {
                return holds[t];
            }

            @Override
            public double price(int t) {
                return prices[t];
            }

            @Override
            public boolean available(int t) {
                return available[t];
            }
        };
    }

    @Test
    void theCheapestTypeHoldingAsManyAsTheLargestHoldsCappedAtThePending() {
        // 2-core pods on the testbed's m5.large (holds 0), m5.xlarge (1), m5.2xlarge (3), m5.4xlarge (7), c5.2xlarge (3)
        long[] holds = {0, 1, 3, 7, 3};
        double[] prices = {0.096, 0.192, 0.384, 0.768, 0.34};
        InstanceChoice.Types all = types(holds, prices, new boolean[] {true, true, true, true, true});
        assertThat(InstanceChoice.wanted(all, 3)).isEqualTo(3);
        assertThat(InstanceChoice.cheapest(all, 3)).isEqualTo(4); // c5.2xlarge, not the m5.2xlarge
        assertThat(InstanceChoice.wanted(all, 20)).isEqualTo(7);
        assertThat(InstanceChoice.cheapest(all, 7)).isEqualTo(3);
        assertThat(InstanceChoice.cheapest(all, 1)).isEqualTo(1);
        // no c5 to be had: the next cheapest that holds 3; the largest still sizes the claim when it cannot be had
        InstanceChoice.Types noC5NoLargest = types(holds, prices, new boolean[] {true, true, true, false, false});
        assertThat(InstanceChoice.cheapest(noC5NoLargest, 3)).isEqualTo(2);
        assertThat(InstanceChoice.wanted(noC5NoLargest, 20)).isEqualTo(7);
        assertThat(InstanceChoice.cheapest(noC5NoLargest, 7)).isEqualTo(-1);
        // nothing holds one pod
        InstanceChoice.Types none = types(new long[] {0, 0}, new double[] {1, 2}, new boolean[] {true, true});
        assertThat(InstanceChoice.wanted(none, 4)).isZero();
        assertThat(InstanceChoice.cheapest(none, 0)).isEqualTo(-1);
        // equal prices: the first
        InstanceChoice.Types tie = types(new long[] {2, 2}, new double[] {1, 1}, new boolean[] {true, true});
        assertThat(InstanceChoice.cheapest(tie, 2)).isZero();
    }
}
