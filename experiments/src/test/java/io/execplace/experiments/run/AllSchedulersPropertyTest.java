package io.execplace.experiments.run;

import io.execplace.schedulers.milp.MilpOptions;
import io.execplace.core.metrics.JobRecord;
import io.execplace.core.metrics.RunResult;
import io.execplace.core.metrics.ScheduleTrace;
import io.execplace.core.metrics.ScheduleTraceCheck;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.ClusterPresets;
import io.execplace.core.model.PricingModel;
import io.execplace.core.model.Workload;
import io.execplace.core.rules.QueuePolicy;
import io.execplace.core.sim.Simulation;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.core.workload.WorkloadOptions;
import io.execplace.core.workload.WorkloadPresets;
import io.execplace.schedulers.spi.SchedulerOptions;
import io.execplace.schedulers.Schedulers;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The simulator's invariants with every registered scheduler on the paper presets, over 200 seeds:
 * no VM over capacity, every job completed or dropped with a reason, cost equal to the cost
 * recomputed from the schedule trace, identical results for the same seed.
 */
class AllSchedulersPropertyTest {

    private static final int SEEDS = 200;

    /**
     * A wall-clock limit far above what these small decisions need: with the default 1 s a loaded
     * machine could stop CP-SAT at different points in the two runs compared for determinism.
     */
    private static final SchedulerOptions OPTIONS = SchedulerOptions.defaults().with(MilpOptions.defaults().withTimeLimitMillis(60_000));

    private record Setup(Cluster cluster, String workload, int jobs) {
    }

    private static final List<Setup> SETUPS = List.of(
            new Setup(ClusterPresets.tpds(), "tpds-burst", 40),
            new Setup(ClusterPresets.tpdsCode(), "tpds-normal", 30),
            new Setup(ClusterPresets.c5(), "tpds-burst", 40),
            new Setup(ClusterPresets.hybridSmall(PricingModel.MODEL_2), "hybrid-high", 40),
            new Setup(ClusterPresets.hybridSmall(PricingModel.REAL), "hybrid-light", 30),
            new Setup(ClusterPresets.hybridLarge(PricingModel.MODEL_3), "hybrid-high", 60));

    @Test
    void invariantsHoldForEverySchedulerOverManySeeds() throws IOException {
        List<String> schedulers = Schedulers.names();
        for (long seed = 0; seed < SEEDS; seed++) {
            Setup setup = SETUPS.get((int) (seed % SETUPS.size()));
            Workload w = WorkloadPresets.generate(setup.workload(), WorkloadOptions.seed(seed).withJobs(setup.jobs()));
            String scheduler = schedulers.get((int) (seed / SETUPS.size() % schedulers.size()));
            SimulationConfig config = SimulationConfig.defaults(setup.cluster(), w)
                    .withQueue(seed % 2 == 0 ? QueuePolicy.FCFS : QueuePolicy.EDF)
                    .withDeadlineAdmission(seed % 3 == 0)
                    .withBackfilling(seed % 5 == 0);
            RunResult r = Simulation.run(setup.cluster(), w, Schedulers.create(scheduler, seed, OPTIONS), config);
            String ctx = scheduler + " seed " + seed + " on " + setup.cluster().name();

            assertThat(r.summary().jobsCompleted() + r.summary().jobsDropped()).as(ctx).isEqualTo(w.size());
            for (JobRecord j : r.jobs()) {
                assertThat(j.completed() || j.dropReason() != null).as(ctx).isTrue();
            }
            StringWriter trace = new StringWriter();
            ScheduleTrace.write(r, trace);
            ScheduleTraceCheck.Report check = ScheduleTraceCheck.check(new BufferedReader(new StringReader(trace.toString())));
            assertThat(check.capacityErrors()).as(ctx).isEmpty();
            assertThat(check.recomputedCost()).as(ctx)
                    .isCloseTo(r.summary().totalCost(), within(1e-9 * Math.max(1, r.summary().totalCost())));

            RunResult again = Simulation.run(setup.cluster(), w, Schedulers.create(scheduler, seed, OPTIONS), config);
            assertThat(again.jobs()).as(ctx).isEqualTo(r.jobs());
            assertThat(again.summary().totalCost()).as(ctx).isEqualTo(r.summary().totalCost());
        }
    }
}
