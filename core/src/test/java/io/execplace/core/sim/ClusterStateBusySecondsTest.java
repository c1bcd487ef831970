package io.execplace.core.sim;

import io.execplace.core.metrics.VmRecord;
import io.execplace.core.model.ClusterPresets;
import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.rules.DurationModel;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
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

    private static final Job JOB = new Job(1, JobType.GENERIC, 0, 1, 1, 1, 10, Job.NO_DEADLINE);

    static LongStream seeds() {
        return LongStream.rangeClosed(1, 40);
    }

    /** The next time: irregular, and sometimes the same, so that intervals touch and merge. */
    private static double later(SplittableRandom rng, double now) {
        return now + (rng.nextInt(4) == 0 ? 0 : rng.nextDouble() * 7.3);
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void runningSumEqualsTheIntervalSumToTheLastBit(long seed) {
        ClusterState state = new ClusterState(ClusterPresets.tpds(), DurationModel.none());
        SplittableRandom rng = new SplittableRandom(seed);
        int[] hosted = new int[state.vmCount()];
        double now = 0;
        for (int step = 0; step < 2000; step++) {
            now = later(rng, now);
            state.advanceTo(now);
            int vm = rng.nextInt(state.vmCount());
            if (hosted[vm] > 0 && rng.nextBoolean()) {
                state.removeExecutor(vm, JOB);
                hosted[vm]--;
            } else if (state.fits(vm, JOB)) {
                state.addExecutor(vm, JOB, now + 10);
                hosted[vm]++;
            }
        }
        for (int vm = 0; vm < state.vmCount(); vm++) {
            while (hosted[vm] > 0) {
                state.removeExecutor(vm, JOB);
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

    /**
     * The intervals recorded are each VM's busy spells, opened when it takes its first executor and
     * closed when it frees its last, touching spells merged, in time order — counted here apart from
     * the bookkeeping, which keeps each VM's last interval aside and the others in one log.
     */
    @ParameterizedTest
    @MethodSource("seeds")
    void recordsAreTheBusySpellsInTimeOrder(long seed) {
        ClusterState state = new ClusterState(ClusterPresets.tpds(), DurationModel.none());
        SplittableRandom rng = new SplittableRandom(seed);
        int vms = state.vmCount();
        int[] hosted = new int[vms];
        double[] openedAt = new double[vms];
        List<List<double[]>> expected = new ArrayList<>();
        for (int vm = 0; vm < vms; vm++) {
            expected.add(new ArrayList<>());
        }
        int merges = 0;
        double now = 0;
        for (int step = 0; step < 3000; step++) {
            now = later(rng, now);
            state.advanceTo(now);
            int vm = rng.nextInt(vms);
            if (hosted[vm] > 0 && rng.nextBoolean()) {
                state.removeExecutor(vm, JOB);
                if (--hosted[vm] == 0) {
                    List<double[]> spells = expected.get(vm);
                    double[] last = spells.isEmpty() ? null : spells.get(spells.size() - 1);
                    if (last != null && last[1] == openedAt[vm]) {
                        last[1] = now;
                        merges++;
                    } else {
                        spells.add(new double[]{openedAt[vm], now});
                    }
                }
            } else if (state.fits(vm, JOB)) {
                if (hosted[vm]++ == 0) {
                    openedAt[vm] = now;
                }
                state.addExecutor(vm, JOB, now + 10);
            }
        }
        assertThat(merges).as("spells that touched the one before").isPositive();
        List<VmRecord> records = state.vmRecords();
        int several = 0;
        for (int vm = 0; vm < vms; vm++) {
            VmRecord r = records.get(vm);
            List<double[]> spells = expected.get(vm);
            assertThat(r.intervals()).as("vm %d", vm).isEqualTo(spells.size());
            for (int k = 0; k < spells.size(); k++) {
                assertThat(r.intervalStart(k)).as("vm %d interval %d start", vm, k).isEqualTo(spells.get(k)[0]);
                assertThat(r.intervalEnd(k)).as("vm %d interval %d end", vm, k).isEqualTo(spells.get(k)[1]);
            }
            several += spells.size() > 2 ? 1 : 0;
        }
        assertThat(several).as("VMs with more than two spells").isPositive();
    }
}
