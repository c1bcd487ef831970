package io.execplace.schedulers;

import io.execplace.schedulers.heuristics.Asq;
import io.execplace.schedulers.heuristics.FirstFit;
import io.execplace.schedulers.heuristics.Gio;
import io.execplace.schedulers.spi.SchedulerOptions;

import io.execplace.core.metrics.JobRecord;
import io.execplace.core.metrics.JobStatus;
import io.execplace.core.metrics.RunResult;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.ClusterPresets;
import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.model.Placement;
import io.execplace.core.model.PricingModel;
import io.execplace.core.model.Workload;
import io.execplace.core.sim.ClusterState;
import io.execplace.core.rules.DurationModel;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.core.sim.Simulation;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.execplace.schedulers.Fixtures.job;
import static org.assertj.core.api.Assertions.assertThat;

/** AsQ on {@code hybrid-small}, pricing model 1 (ids 0-5 cloud, 6-8 local; see {@link GioTest}). */
class AsqTest {

    private final Cluster hybrid = ClusterPresets.hybridSmall(PricingModel.MODEL_1);
    private final Asq asq = new Asq();

    private ClusterState state() {
        return new ClusterState(hybrid, DurationModel.defaultsFor(hybrid, false));
    }

    @Test
    void allLocalWhenLocalVmsHoldTheJobPackedFirstFit() {
        // Local room for 4c/8GB: 1 + 2 + 3 = 6 >= 5; cheapest local first: V6 1, V7 2, V8 2.
        assertThat(asq.place(job(1, 5, 4, 8), state())).isEqualTo(Placement.of(6, 7, 7, 8, 8));
    }

    @Test
    void allCloudWhenLocalVmsFallShortNeverSplit() {
        ClusterState state = state();
        Fixtures.run(state, job(8, 3, 4, 8), 400, 8, 8, 8); // local V8 full
        Fixtures.run(state, job(9, 1, 4, 8), 1000, 4);      // cloud V4 active, 8 cores free
        // Local room 3 < 4: all on cloud. Active V4 first (2), then the cheapest idle cloud VMs V0, V1.
        Placement p = asq.place(job(1, 4, 4, 8), state);
        assertThat(p).isEqualTo(Placement.of(4, 4, 0, 1));
        // GIO, by contrast, mixes: V4, V6, V7.
        assertThat(new Gio().place(job(1, 4, 4, 8), state)).isEqualTo(Placement.of(4, 4, 6, 7));
    }

    @Test
    void noneWhenNeitherSiteHoldsTheWholeJobAlone() {
        // 12-core executors: local room 1 (V8), cloud room 2 (V4, V5). Three executors would fit
        // the cluster split across sites, but AsQ never splits.
        assertThat(asq.place(job(1, 3, 12, 8), state()).isNone()).isTrue();
        assertThat(new FirstFit().place(job(1, 3, 12, 8), state()).isNone()).isFalse();
        assertThat(asq.place(job(1, 2, 12, 8), state())).isEqualTo(Placement.of(4, 5));
        assertThat(asq.neverPlaces(job(1, 3, 12, 8), hybrid)).contains("neither site holds it alone")
                .contains("local holds 1, cloud 2");
        assertThat(asq.neverPlaces(job(1, 2, 12, 8), hybrid)).isNull();
    }

    @Test
    void lookaheadWithAsqRolloutsDropsWhatAsqDrops() {
        SchedulerOptions o = SchedulerOptions.defaults()
                .with(io.execplace.schedulers.lookahead.LookaheadOptions.defaults().withRollout("asq"));
        io.execplace.core.policy.PlacementPolicy lookahead = Schedulers.create("lookahead", 1, o);
        assertThat(lookahead.neverPlaces(job(1, 3, 12, 8), hybrid)).isNotNull()
                .isEqualTo(asq.neverPlaces(job(1, 3, 12, 8), hybrid));
        assertThat(lookahead.neverPlaces(job(1, 2, 12, 8), hybrid)).isNull();
    }

    @Test
    void dropsAJobNeitherSiteHoldsAloneOnArrivalInsteadOfBlockingTheQueue() {
        // t=0: job 1, 2 x 12c/8GB, 100 s -> all cloud (local holds one): V4, V5 until 130 (x1.3).
        // t=10: job 2, 3 x 12c/8GB: local holds 1, cloud 2, so AsQ could never place it -> dropped at 10.
        // t=20: job 3, 1 x 4c/8GB, 50 s -> local V6 (the local VMs hold it), runs 20..70.
        // Before the fix job 2 blocked the head of the queue until 130, and job 3 started only then.
        List<Job> jobs = List.of(
                new Job(1, JobType.GENERIC, 0, 2, 12, 8, 100, Job.NO_DEADLINE),
                new Job(2, JobType.GENERIC, 10, 3, 12, 8, 100, Job.NO_DEADLINE),
                new Job(3, JobType.GENERIC, 20, 1, 4, 8, 50, Job.NO_DEADLINE));
        Workload w = new Workload("asq-timeline", jobs);
        RunResult r = Simulation.run(hybrid, w, asq, SimulationConfig.defaults(hybrid, w));
        JobRecord j1 = r.jobs().get(0);
        JobRecord j2 = r.jobs().get(1);
        JobRecord j3 = r.jobs().get(2);
        assertThat(j1.placement()).isEqualTo(Placement.of(4, 5));
        assertThat(j1.finish()).isEqualTo(130.0);
        assertThat(j2.status()).isEqualTo(JobStatus.DROPPED);
        assertThat(j2.dropReason()).contains("asq never splits");
        assertThat(j3.placement()).isEqualTo(Placement.of(6));
        assertThat(j3.start()).isEqualTo(20.0);
        assertThat(j3.finish()).isEqualTo(70.0);
    }

    @Test
    void insideTheSitePacksByGiosExtraCostAsTheReference() {
        ClusterState state = state();
        Fixtures.run(state, job(8, 1, 4, 8), 10, 8); // local V8 (0.003/s) active, busy 10 s more
        // Local holds the job. Extra cost of one 4c/8GB executor (T = 100 s): V6 0.001 x 100 = 0.1,
        // V7 0.002 x 100 = 0.2, V8 0.003 x (100 - 10) = 0.27: V6, as the reference's AQSScheduler.
        assertThat(asq.place(job(1, 1, 4, 8), state)).isEqualTo(Placement.of(6));
        // First fit (the rule asq used before) packs the active V8 first.
        assertThat(new FirstFit().place(job(1, 1, 4, 8), state)).isEqualTo(Placement.of(8));
    }
}
