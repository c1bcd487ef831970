package io.execplace.core.rules;

import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/** {@link DurationModel#distinctVms} counts the distinct VMs of a slice of executors, on small and large clusters. */
class DistinctVmsTest {

    @Test
    void countsTheDistinctVmsOfTheSliceOnly() {
        SplittableRandom rng = new SplittableRandom(7);
        int checked = 0;
        for (int vms : new int[]{1, 3, 12, 64, 65, 200}) {
            for (int trial = 0; trial < 500; trial++) {
                int[] vmOf = new int[30];
                for (int i = 0; i < vmOf.length; i++) {
                    vmOf[i] = rng.nextInt(vms);
                }
                int from = rng.nextInt(10);
                int executors = rng.nextInt(vmOf.length - from + 1);
                Set<Integer> distinct = new HashSet<>();
                for (int i = from; i < from + executors; i++) {
                    distinct.add(vmOf[i]);
                }
                assertThat(DurationModel.distinctVms(vmOf, from, executors))
                        .as("%d VMs, executors %d..%d", vms, from, from + executors).isEqualTo(distinct.size());
                checked++;
            }
        }
        assertThat(checked).isEqualTo(3000);
        // VM 64 and VM 0 share a bit of a 64-bit set: they must still count as two.
        assertThat(DurationModel.distinctVms(new int[]{0, 64, 0}, 0, 3)).isEqualTo(2);
        assertThat(DurationModel.distinctVms(new int[]{5, 5, 5}, 0, 3)).isEqualTo(1);
        assertThat(DurationModel.distinctVms(new int[]{5}, 0, 0)).isZero();
    }
}
