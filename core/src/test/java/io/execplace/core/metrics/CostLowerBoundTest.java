package io.execplace.core.metrics;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.model.Placement;
import io.execplace.core.model.Site;
import io.execplace.core.model.VmType;
import io.execplace.core.model.Workload;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.core.rules.DurationModel;
import io.execplace.core.sim.Simulation;
import io.execplace.core.rules.SimulationConfig;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** Hand-worked bounds; that the bound never exceeds a real run's cost is checked on random runs in the schedulers module. */
class CostLowerBoundTest {

    private static final VmType MEDIUM = new VmType("4c/16GB", 4, 16);
    private static final VmType SMALL = new VmType("2c/8GB", 2, 8);
    private static final VmType LARGE = new VmType("8c/32GB", 8, 32);

    private static Job job(int id, int executors, int cores, double memoryGb, double base) {
        return new Job(id, JobType.GENERIC, 0, executors, cores, memoryGb, base, Job.NO_DEADLINE);
    }

    private static Cluster oneVm(double price) {
        return Cluster.builder("one").add(MEDIUM, Site.CLOUD, 1, price).build();
    }

    @Test
    void aJobThatFillsItsVmIsBoundedByExactlyItsCost() {
        assertThat(CostLowerBound.of(oneVm(0.01), DurationModel.none(), List.of(job(1, 1, 4, 16, 10))))
                .isCloseTo(0.1, within(1e-12));
    }

    @Test
    void theBindingResourceSetsTheBound() {
        // Half the cores but all the memory: no other job could share the VM, and the price split
        // that charges memory finds that: the bound is the whole VM for 10 s.
        assertThat(CostLowerBound.of(oneVm(0.01), DurationModel.none(), List.of(job(1, 1, 2, 16, 10))))
                .isCloseTo(0.1, within(1e-12));
        // Half of each: two such jobs could share the VM, so one is only bounded by half of it.
        assertThat(CostLowerBound.of(oneVm(0.01), DurationModel.none(), List.of(job(1, 1, 2, 8, 10))))
                .isCloseTo(0.05, within(1e-12));
    }

    @Test
    void twoHalfJobsRunTogetherMeetTheBound() {
        Cluster c = oneVm(0.01);
        Workload w = new Workload("w", List.of(job(1, 1, 2, 8, 10), job(2, 1, 2, 8, 10)));
        RunResult run = Simulation.run(c, w, firstVm(), SimulationConfig.defaults(c, w));
        assertThat(run.summary().totalCost()).isCloseTo(0.1, within(1e-12));
        assertThat(CostLowerBound.ofRun(run)).isCloseTo(0.1, within(1e-12));
    }

    @Test
    void aJobTooBigForTheLocalVmsPaysTheHybridPenalty() {
        // The free local VM holds one executor of 2 cores; the other must go to the cloud VM, so the
        // job runs 1.3 x 100 s and at least one executor pays the cloud's cheapest rate: 2 of its 8
        // cores at 0.004/s, i.e. 0.001/s, for 130 s.
        Cluster c = Cluster.builder("h").add(SMALL, Site.LOCAL, 1, 0).add(LARGE, Site.CLOUD, 1, 0.004).build();
        Job j = job(1, 2, 2, 4, 100);
        assertThat(CostLowerBound.of(c, new DurationModel(false, true, 1.3), List.of(j))).isCloseTo(0.13, within(1e-12));
        assertThat(CostLowerBound.of(c, DurationModel.none(), List.of(j))).isCloseTo(0.1, within(1e-12));
    }

    @Test
    void nothingToRunCostsNothing() {
        assertThat(CostLowerBound.of(oneVm(0.01), DurationModel.none(), List.of())).isZero();
        // A job that fits no VM never runs.
        assertThat(CostLowerBound.of(oneVm(0.01), DurationModel.none(), List.of(job(1, 1, 8, 1, 10)))).isZero();
    }

    /** Every executor on VM 0, or none if they do not all fit there. */
    private static PlacementPolicy firstVm() {
        return new PlacementPolicy() {
            @Override
            public String name() {
                return "first-vm";
            }

            @Override
            public Placement place(Job job, ClusterView view) {
                if (view.executorsThatFit(0, job.coresPerExecutor(), job.memoryGbPerExecutor()) < job.executors()) {
                    return Placement.none();
                }
                return Placement.wrap(new int[job.executors()]);
            }
        };
    }
}
