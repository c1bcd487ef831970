package io.execplace.schedulers;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.model.Placement;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.core.sim.ClusterState;
import org.junit.jupiter.api.Test;

import static io.execplace.schedulers.Fixtures.cloud;
import static io.execplace.schedulers.Fixtures.job;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The two-VM example of TPDS Fig. 2: VM1 4 cores / 8 GB (id 0), VM2 8 cores / 16 GB (id 1); job1
 * asks 2 x (4 cores, 8 GB), job2 1 x (6 cores, 10 GB). Prices 1 and 2 per second (proportional to
 * size, as in the paper's clusters).
 */
class TpdsFigure2Test {

    private final Cluster cluster = cloud(cloud(Fixtures.cluster("fig2"), 4, 8, 1), 8, 16, 2).build();
    private final Job job1 = job(1, JobType.WORDCOUNT, 2, 4, 8, 40);
    private final Job job2 = job(2, JobType.SORT, 1, 6, 10, 40);

    @Test
    void vm1CannotTakeBothExecutorsOfJob1() {
        // Fig. 2a: the agent's second executor on VM1 is an invalid action.
        assertThat(Fixtures.empty(cluster).validate(job1, Placement.of(0, 0))).isNotNull();
    }

    @Test
    void eachSchedulerPlacesJob1AsWorkedOutByHand() {
        // Round robin: VM2 has more free cores, so it gets the first executor, VM1 the second.
        assertThat(place("round-robin", job1)).isEqualTo(Placement.of(1, 0));
        // Consolidate, nothing active: VM1 (lowest id) is filled with one executor, then VM2.
        assertThat(place("round-robin-consolidate", job1)).isEqualTo(Placement.of(0, 1));
        // First fit: cheapest idle VM1 takes one, then the next cheapest VM2.
        assertThat(place("first-fit", job1)).isEqualTo(Placement.of(0, 1));
        // GIO (cloud only, T_C = 40): extra cost 1 x 40 on VM1 < 2 x 40 on VM2.
        assertThat(place("gio", job1)).isEqualTo(Placement.of(0, 1));
        // AsQ: no local VMs, so all on cloud, first-fit style.
        assertThat(place("asq", job1)).isEqualTo(Placement.of(0, 1));
        // AEP: WordCount wants spreading -> one executor per VM, cheapest first.
        assertThat(place("aep", job1)).isEqualTo(Placement.of(0, 1));
        // aep-spark spreads as round robin does: most free cores first.
        assertThat(place("aep-spark", job1)).isEqualTo(Placement.of(1, 0));
        // Random may use VM2 twice or both VMs, but never VM1 twice (it holds one executor).
        for (long seed = 0; seed < 20; seed++) {
            ClusterState state = Fixtures.empty(cluster);
            Placement p = Schedulers.create("random", seed).place(job1, state);
            assertThat(p).isNotEqualTo(Placement.of(0, 0));
            assertThat(state.validate(job1, p)).isNull();
        }
    }

    @Test
    void aepConsolidatesPageRankVersionOfJob1OnVm2() {
        Job pageRank = job(1, JobType.PAGERANK, 2, 4, 8, 120);
        assertThat(place("aep", pageRank)).isEqualTo(Placement.of(1, 1));
    }

    @Test
    void job2WaitsWhileJob1RunsThenGoesToVm2() {
        // Fig. 2b: job1 on both VMs; job2 (6 cores) fits nowhere, so every scheduler waits; once
        // job1 finishes, only VM2 can hold job2's executor.
        for (String name : Schedulers.names()) {
            PlacementPolicy policy = Schedulers.create(name, 7);
            ClusterState state = Fixtures.empty(cluster);
            Placement p1 = Fixtures.run(state, job1, 40, 0, 1);
            assertThat(policy.place(job2, state).isNone()).as(name).isTrue();
            state.advanceTo(40);
            state.finish(job1, p1);
            assertThat(policy.place(job2, state)).as(name).isEqualTo(Placement.of(1));
        }
    }

    private Placement place(String scheduler, Job job) {
        return Schedulers.create(scheduler, 1).place(job, Fixtures.empty(cluster));
    }
}
