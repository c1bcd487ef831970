package io.execplace.core.sim;

import io.execplace.core.metrics.VmRecord;
import io.execplace.core.model.ClusterPresets;
import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.rules.DurationModel;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.LongStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link ClusterState#busySeconds} keeps a running sum instead of adding up every interval; it must
 * give exactly — to the last bit — what adding up the recorded intervals in order gives, so that
 * costs (and trainings whose rewards use them) do not change with the bookkeeping.
 */
class ClusterStateBusySecondsTest {

    static LongStream seeds() {
        return LongStream.rangeClosed(1, 40);
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void runningSumEqualsTheIntervalSumToTheLastBit(long seed) {
        ClusterState state = new ClusterState(ClusterPresets.tpds(), DurationModel.none());
        SplittableRandom rng = new SplittableRandom(seed);
        Job job = new Job(1, JobType.GENERIC, 0, 1, 1, 1, 10, Job.NO_DEADLINE);
        int[] hosted = new int[state.vmCount()];
        double now = 0;
        for (int step = 0; step < 2000; step++) {
            // Irregular times, and sometimes none at all, so that intervals touch and merge.
            now += rng.nextInt(4) == 0 ? 0 : rng.nextDouble() * 7.3;
            state.advanceTo(now);
            int vm = rng.nextInt(state.vmCount());
            if (hosted[vm] > 0 && rng.nextBoolean()) {
                state.removeExecutor(vm, job);
                hosted[vm]--;
            } else if (state.fits(vm, job)) {
                state.addExecutor(vm, job, now + 10);
                hosted[vm]++;
            }
        }
        for (int vm = 0; vm < state.vmCount(); vm++) {
            while (hosted[vm] > 0) {
                state.removeExecutor(vm, job);
                hosted[vm]--;
            }
        }
        List<VmRecord> records = state.vmRecords();
        int multi = 0;
        for (int vm = 0; vm < state.vmCount(); vm++) {
            VmRecord r = records.get(vm);
            double sum = 0;
            for (int k = 0; k < r.intervals(); k++) {
                sum += r.intervalEnd(k) - r.intervalStart(k);
            }
            assertThat(state.busySeconds(vm)).isEqualTo(sum);
            multi += r.intervals() > 1 ? 1 : 0;
        }
        assertThat(multi).isPositive();
    }
}
