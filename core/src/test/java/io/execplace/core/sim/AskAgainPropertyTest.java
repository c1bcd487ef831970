package io.execplace.core.sim;

import io.execplace.core.metrics.JobRecord;
import io.execplace.core.metrics.RunResult;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.ClusterPresets;
import io.execplace.core.model.ElasticPresets;
import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.model.Workload;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.core.workload.WorkloadOptions;
import io.execplace.core.workload.WorkloadPresets;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The instant a policy asks to be asked again ({@link PlacementPolicy#askAgainAt}) over many seeded
 * elastic runs: decision points a policy asks for but does not use change nothing in the run, and
 * jobs a policy holds back until an instant of their own start no earlier, none dropped, the same seed
 * giving the same run.
 */
class AskAgainPropertyTest {

    /**
     * Places as {@code base} does, holding each job back until its arrival plus {@code holdSeconds}; asks to be
     * asked again at seeded instants 1-60 s after its last decision, until 2,000 s after the last arrival
     * (then never, as the contract asks: a job the pool can never hold would otherwise keep the run going).
     */
    private static final class Restless implements PlacementPolicy {
        private final PlacementPolicy base;
        private final SplittableRandom random;
        private final double holdSeconds;
        private final double until;
        private final Set<Integer> releasedEarly = new HashSet<>();
        private double lastNow;

        /** @param holdSeconds each job is held back until its arrival plus this (0: never) */
        Restless(PlacementPolicy base, long seed, double holdSeconds, Workload w) {
            this.base = base;
            this.random = new SplittableRandom(seed);
            this.holdSeconds = holdSeconds;
            this.until = w.jobs().get(w.size() - 1).arrival() + 2_000;
        }

        @Override
        public String name() {
            return "restless";
        }

        @Override
        public Placement place(Job job, ClusterView view) {
            lastNow = view.now();
            if (view.now() < job.arrival() + holdSeconds) {
                if (anyExecutor(view)) {
                    return Placement.none();
                }
                releasedEarly.add(job.id()); // on an idle cluster a held job would be dropped: the contract's exception
            }
            return base.place(job, view);
        }

        private static boolean anyExecutor(ClusterView view) {
            for (int vm = 0; vm < view.vmCount(); vm++) {
                if (view.executorsOn(vm) > 0) {
                    return true;
                }
            }
            return false;
        }

        @Override
        public double askAgainAt() {
            return lastNow > until ? Double.POSITIVE_INFINITY : lastNow + 1 + 59 * random.nextDouble();
        }
    }

    /**
     * A fixed cluster, where jobs wait for room that only completions free, and elastic pools, where node
     * events (launches, removals, spot interruptions, under-used consolidation) run between the instants.
     * Not pools whose core limit binds: after a removal the kernel offers jobs again only when some
     * instance type could not be bought before it, so a job whose nodes together exceeded the limit can be
     * placed sooner at an instant asked for (docs/kernel.md).
     */
    private static List<Cluster> fixedAndElastic() {
        List<Cluster> all = new ArrayList<>(elastic());
        all.add(0, ClusterPresets.c5());
        return all;
    }

    private static Workload workload(long seed) {
        return WorkloadPresets.generate("hybrid-medium", WorkloadOptions.seed(seed).withJobs(120).withMeanGapSeconds(20.0));
    }

    /** Pools that hold every job of the workload. */
    private static List<Cluster> elastic() {
        return List.of(ElasticPresets.onDemand(), ElasticPresets.spot(), ElasticPresets.onDemandUnderutilized());
    }

    @Test
    void instantsAskedForButNotUsedChangeNothing() {
        int runs = 0;
        int moreDecisions = 0;
        for (long seed = 1; seed <= 4; seed++) {
            Workload w = workload(seed);
            for (Cluster c : fixedAndElastic()) {
                SimulationConfig config = SimulationConfig.defaults(c, w).withCapacitySeed(seed);
                RunResult plain = Simulation.run(c, w, TestPolicies.pack(true), config);
                RunResult asked = Simulation.run(c, w, new Restless(TestPolicies.pack(true), seed, 0, w), config);
                String where = c.name() + " seed " + seed;
                assertThat(asked.summary().withoutDelays().totalCost()).as(where).isEqualTo(plain.summary().withoutDelays().totalCost());
                // The same nodes and removals; node-hours summed over more steps differ in the last bits only.
                assertThat(asked.capacity().nodeLaunches()).as(where).isEqualTo(plain.capacity().nodeLaunches());
                assertThat(asked.capacity().nodesRemovedEmpty()).as(where).isEqualTo(plain.capacity().nodesRemovedEmpty());
                assertThat(asked.capacity().nodesRemovedUnderused()).as(where).isEqualTo(plain.capacity().nodesRemovedUnderused());
                assertThat(asked.capacity().interruptions()).as(where).isEqualTo(plain.capacity().interruptions());
                assertThat(asked.capacity().jobsStopped()).as(where).isEqualTo(plain.capacity().jobsStopped());
                assertThat(asked.capacity().nodeHours()).as(where).isCloseTo(plain.capacity().nodeHours(), within(1e-9));
                for (int i = 0; i < plain.jobs().size(); i++) {
                    JobRecord a = asked.jobs().get(i);
                    JobRecord p = plain.jobs().get(i);
                    // Boxed: a job dropped in both runs has NaN times, equal as Doubles.
                    assertThat(Double.valueOf(a.start())).as(where + " job " + p.job().id()).isEqualTo(Double.valueOf(p.start()));
                    assertThat(Double.valueOf(a.finish())).as(where + " job " + p.job().id()).isEqualTo(Double.valueOf(p.finish()));
                    assertThat(a.status()).as(where + " job " + p.job().id()).isEqualTo(p.status());
                    assertThat(a.placement()).as(where + " job " + p.job().id()).isEqualTo(p.placement());
                }
                moreDecisions += asked.summary().decisions() > plain.summary().decisions() ? 1 : 0;
                runs++;
            }
        }
        assertThat(runs).isEqualTo(16);
        assertThat(moreDecisions).as("runs where a job waiting at an instant asked for was offered again").isPositive();
    }

    @Test
    void heldJobsStartNoEarlierThanTheirInstantAndNoneIsDropped() {
        double hold = 45;
        int held = 0;
        for (long seed = 1; seed <= 4; seed++) {
            Workload w = workload(seed);
            for (Cluster c : elastic()) {
                SimulationConfig config = SimulationConfig.defaults(c, w).withCapacitySeed(seed).withBackfilling(true);
                Restless policy = new Restless(TestPolicies.pack(true), seed, hold, w);
                RunResult r = Simulation.run(c, w, policy, config);
                String where = c.name() + " seed " + seed;
                for (JobRecord j : r.jobs()) {
                    assertThat(j.dropReason()).as(where + " job " + j.job().id()).isNull();
                    if (!policy.releasedEarly.contains(j.job().id())) {
                        assertThat(j.start()).as(where + " job " + j.job().id()).isGreaterThanOrEqualTo(j.job().arrival() + hold);
                        held++;
                    }
                }
                RunResult again = Simulation.run(c, w, new Restless(TestPolicies.pack(true), seed, hold, w), config);
                assertThat(again.summary().withoutDelays()).as(where).isEqualTo(r.summary().withoutDelays());
                assertThat(again.capacity()).as(where).isEqualTo(r.capacity());
            }
        }
        assertThat(held).as("jobs held back while something ran").isGreaterThan(1000);
    }
}
