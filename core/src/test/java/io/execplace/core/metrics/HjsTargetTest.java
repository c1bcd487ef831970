package io.execplace.core.metrics;

import io.execplace.core.model.ClusterPresets;
import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.rules.DurationModel;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class HjsTargetTest {

    @Test
    void eq5() {
        // C = 3, C_max = 12: 100 x (0.75 + 4/5) = 155.
        assertThat(HjsTarget.target(3, 12, 5, 4)).isCloseTo(155, within(1e-12));
        assertThat(HjsTarget.target(3, 12, 0, 0)).isNaN();
    }

    @Test
    void maxCostIsTpdsCostMaxOnC5() {
        var c5 = ClusterPresets.c5();
        // c5 bills (4 x 0.17 + 4 x 0.34 + 4 x 0.68) / 3600 per second when every VM is busy.
        double rate = (4 * 0.17 + 4 * 0.34 + 4 * 0.68) / 3600;
        List<Job> jobs = List.of(
                new Job(0, JobType.PAGERANK, 0, 2, 1, 1, 100, Job.NO_DEADLINE),   // may be spread: 1.3 x 100
                new Job(1, JobType.SORT, 0, 1, 1, 1, 40, 100),                    // one executor: always well placed
                new Job(2, JobType.SORT, 0, 8, 32, 1, 40, 100));                  // does not fit: left out
        DurationModel model = DurationModel.defaultsFor(c5, true);
        assertThat(HjsTarget.maxCost(jobs, c5, model)).isCloseTo((130 + 40) * rate, within(1e-12));
    }
}
