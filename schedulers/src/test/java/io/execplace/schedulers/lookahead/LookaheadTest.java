package io.execplace.schedulers.lookahead;

import io.execplace.schedulers.spi.SchedulerContext;
import io.execplace.core.metrics.JobRecord;
import io.execplace.core.metrics.RunResult;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.model.Placement;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.core.rules.DurationModel;
import io.execplace.core.model.ClusterPresets;
import io.execplace.core.model.PricingModel;
import io.execplace.core.model.Workload;
import io.execplace.core.sim.Simulation;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.core.workload.TpdsWorkloadSpec;
import io.execplace.core.workload.WorkloadOptions;
import io.execplace.core.workload.WorkloadPresets;
import io.execplace.schedulers.spi.SchedulerOptions;
import io.execplace.schedulers.Schedulers;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class LookaheadTest {

    static RunResult run(Cluster c, Workload w, String name, long seed, SchedulerOptions o) {
        return Simulation.run(c, w, Schedulers.create(name, seed, o), SimulationConfig.defaults(c, w));
    }

    static void assertSameSchedule(RunResult a, RunResult b) {
        assertThat(a.summary().totalCost()).isEqualTo(b.summary().totalCost());
        assertThat(a.summary().meanTurnaround()).isEqualTo(b.summary().meanTurnaround());
        List<JobRecord> ja = a.jobs();
        List<JobRecord> jb = b.jobs();
        assertThat(ja).hasSameSizeAs(jb);
        for (int i = 0; i < ja.size(); i++) {
            assertThat(ja.get(i).placement()).isEqualTo(jb.get(i).placement());
            assertThat(ja.get(i).start()).isEqualTo(jb.get(i).start());
        }
    }

    @Test
    void horizonZeroIsExactlyItsRolloutPolicy() {
        Cluster tpds = ClusterPresets.tpds();
        Cluster hybrid = ClusterPresets.hybridSmall(PricingModel.MODEL_1);
        int runs = 0;
        for (String rollout : List.of("first-fit", "gio", "round-robin-consolidate", "round-robin")) {
            SchedulerOptions o = SchedulerOptions.defaults()
                    .with(LookaheadOptions.defaults().withHorizon(0).withRollout(rollout));
            for (long seed = 1; seed <= 10; seed++) {
                Workload burst = TpdsWorkloadSpec.burst().withSeed(seed).generate();
                assertSameSchedule(run(tpds, burst, "lookahead", seed, o), run(tpds, burst, rollout, seed, o));
                Workload high = WorkloadPresets.generate("hybrid-high", WorkloadOptions.seed(seed).withJobs(150));
                assertSameSchedule(run(hybrid, high, "lookahead", seed, o), run(hybrid, high, rollout, seed, o));
                runs += 2;
            }
        }
        assertThat(runs).isEqualTo(80);
    }

    @Test
    void looksAheadReproduciblyAndValidly() {
        Cluster tpds = ClusterPresets.tpds();
        Workload burst = TpdsWorkloadSpec.burst().withSeed(4).generate();
        SchedulerOptions o = SchedulerOptions.defaults();
        RunResult a = run(tpds, burst, "lookahead", 4, o);
        RunResult b = run(tpds, burst, "lookahead", 4, o);
        assertSameSchedule(a, b);
        assertThat(a.summary().jobsCompleted()).isEqualTo(burst.size());
        RunResult rollout = run(tpds, burst, LookaheadOptions.DEFAULT_ROLLOUT, 4, o);
        // It does decide differently from its rollout policy once it looks ahead.
        assertThat(a.summary().totalCost()).isNotEqualTo(rollout.summary().totalCost());
    }

    @Test
    void aMarginKeepsTheFirstCandidateUnlessAnotherIsClearlyCheaper() {
        // One candidate (the rollout policy's own) and waiting: without a margin lookahead sometimes
        // waits; with a margin of 99 % waiting never wins, so it is exactly its rollout policy.
        Cluster tpds = ClusterPresets.tpds();
        SchedulerOptions one = SchedulerOptions.defaults().with(LookaheadOptions.defaults().withCandidates(1).withMargin(0));
        SchedulerOptions margin = one.with(LookaheadOptions.of(one).withMargin(0.99));
        int differs = 0;
        for (long seed = 1; seed <= 5; seed++) {
            Workload burst = TpdsWorkloadSpec.burst().withSeed(seed).generate();
            RunResult firstFit = run(tpds, burst, LookaheadOptions.DEFAULT_ROLLOUT, seed, one);
            assertSameSchedule(run(tpds, burst, "lookahead", seed, margin), firstFit);
            differs += run(tpds, burst, "lookahead", seed, one).summary().totalCost() != firstFit.summary().totalCost() ? 1 : 0;
        }
        assertThat(differs).isPositive();
        // With milp as the rollout policy the protected first candidate is milp's own choice.
        SchedulerOptions milpRollout = SchedulerOptions.defaults().with(LookaheadOptions.defaults()
                .withRollout("milp").withHorizon(2).withSamples(1).withMargin(0.99));
        Workload short30 = TpdsWorkloadSpec.burst().withJobs(30).withSeed(3).generate();
        assertSameSchedule(run(tpds, short30, "lookahead", 3, milpRollout), run(tpds, short30, "milp", 3, milpRollout));
    }

    @Test
    void aClairvoyantLookaheadSimulatesTheTrueNextArrivals() {
        Cluster tpds = ClusterPresets.tpds();
        SchedulerOptions o = SchedulerOptions.defaults();
        int differs = 0;
        for (long seed = 1; seed <= 3; seed++) {
            Workload burst = TpdsWorkloadSpec.burst().withSeed(seed).generate();
            RunResult a = Simulation.run(tpds, burst, new Lookahead(new SchedulerContext(seed, o, Schedulers.builtIn())).knowing(burst.jobs()),
                    SimulationConfig.defaults(tpds, burst));
            RunResult b = Simulation.run(tpds, burst, new Lookahead(new SchedulerContext(seed, o, Schedulers.builtIn())).knowing(burst.jobs()),
                    SimulationConfig.defaults(tpds, burst));
            assertSameSchedule(a, b);
            assertThat(a.summary().jobsCompleted()).isEqualTo(burst.size());
            differs += a.summary().totalCost() != run(tpds, burst, "lookahead", seed, o).summary().totalCost() ? 1 : 0;
            // Horizon 0 stays the rollout policy, clairvoyant or not.
            SchedulerOptions zero = o.with(LookaheadOptions.of(o).withHorizon(0));
            assertSameSchedule(Simulation.run(tpds, burst, new Lookahead(new SchedulerContext(seed, zero, Schedulers.builtIn())).knowing(burst.jobs()),
                    SimulationConfig.defaults(tpds, burst)), run(tpds, burst, LookaheadOptions.DEFAULT_ROLLOUT, seed, zero));
        }
        assertThat(differs).isPositive();
    }

    /**
     * A view that hides the running jobs, as one built from a real cluster's nodes does: lookahead
     * must then infer them from its own placements.
     */
    private static PlacementPolicy blind(PlacementPolicy policy) {
        return new PlacementPolicy() {
            @Override
            public String name() {
                return policy.name();
            }

            @Override
            public Placement place(Job job, ClusterView view) {
                return policy.place(job, new ClusterView() {
                    public Cluster cluster() {
                        return view.cluster();
                    }

                    public double now() {
                        return view.now();
                    }

                    public DurationModel durationModel() {
                        return view.durationModel();
                    }

                    public int freeCores(int vm) {
                        return view.freeCores(vm);
                    }

                    public double freeMemoryGb(int vm) {
                        return view.freeMemoryGb(vm);
                    }

                    public int executorsOn(int vm) {
                        return view.executorsOn(vm);
                    }

                    public double remainingBusyTime(int vm) {
                        return view.remainingBusyTime(vm);
                    }
                });
            }
        };
    }

    @Test
    void theRunningJobsTheSimulatorReportsAreTheOnesItWouldHaveRemembered() {
        // Without admission every placement lookahead makes runs as placed, so starting from the
        // simulator's running jobs and from its own memory must give the very same schedules.
        Cluster tpds = ClusterPresets.tpds();
        Cluster hybrid = ClusterPresets.hybridSmall(PricingModel.MODEL_1);
        SchedulerOptions o = SchedulerOptions.defaults();
        for (long seed = 1; seed <= 4; seed++) {
            Workload burst = TpdsWorkloadSpec.burst().withJobs(60).withSeed(seed).generate();
            assertSameSchedule(run(tpds, burst, "lookahead", seed, o), Simulation.run(tpds, burst,
                    blind(Schedulers.create("lookahead", seed, o)), SimulationConfig.defaults(tpds, burst)));
            Workload high = WorkloadPresets.generate("hybrid-high", WorkloadOptions.seed(seed).withJobs(80));
            assertSameSchedule(run(hybrid, high, "lookahead", seed, o), Simulation.run(hybrid, high,
                    blind(Schedulers.create("lookahead", seed, o)), SimulationConfig.defaults(hybrid, high)));
        }
    }

    @Test
    void aProposersPlacementIsScoredRightAfterMilps() {
        // Two candidates: milp's and the second one. With a proposer the second is the proposer's
        // placement, else the rollout policy's; a proposer that always agrees with the rollout policy
        // changes nothing, and a different one changes some decisions.
        Cluster tpds = ClusterPresets.tpds();
        SchedulerOptions two = SchedulerOptions.defaults().with(LookaheadOptions.defaults().withCandidates(2).withMargin(0));
        SchedulerOptions same = two.with(LookaheadOptions.of(two).withProposer(LookaheadOptions.DEFAULT_ROLLOUT));
        SchedulerOptions other = two.with(LookaheadOptions.of(two).withProposer("round-robin"));
        int differs = 0;
        for (long seed = 1; seed <= 4; seed++) {
            Workload burst = TpdsWorkloadSpec.burst().withJobs(60).withSeed(seed).generate();
            RunResult plain = run(tpds, burst, "lookahead", seed, two);
            assertSameSchedule(run(tpds, burst, "lookahead", seed, same), plain);
            RunResult proposed = run(tpds, burst, "lookahead", seed, other);
            assertThat(proposed.summary().jobsCompleted()).isEqualTo(burst.size());
            differs += proposed.summary().totalCost() != plain.summary().totalCost() ? 1 : 0;
        }
        assertThat(differs).isPositive();
        assertThatThrownBy(() -> LookaheadOptions.defaults().withProposer("lookahead"))
                .hasMessageContaining("proposer must be a scheduler other than lookahead");
    }

    @Test
    void aRolloutScoringTargetAddsThePenaltyForEveryMissedDeadline() {
        // One VM of tpds; a 100 s job with a deadline at 50 s misses it whatever happens, one with a
        // deadline at 500 s meets it; the running job and jobs without deadlines are never charged.
        Cluster tpds = ClusterPresets.tpds();
        DurationModel model = SimulationConfig.defaults(tpds, TpdsWorkloadSpec.burst().withSeed(1).generate()).durationModel();
        RolloutSimulator sim = new RolloutSimulator(tpds, model);
        PlacementPolicy firstFit = Schedulers.create("first-fit", 1, SchedulerOptions.defaults());
        Job late = new Job(1, JobType.GENERIC, 0, 1, 1, 1, 100, 50);
        Job onTime = new Job(2, JobType.GENERIC, 0, 1, 1, 1, 100, 500);
        Job free = new Job(3, JobType.GENERIC, 0, 1, 1, 1, 100, Job.NO_DEADLINE);
        Placement vm0 = Placement.of(0);
        for (Job job : List.of(late, onTime, free)) {
            double cost = sim.cost(0, List.of(), job, vm0, List.of(), firstFit);
            double scored = sim.cost(0, List.of(), job, vm0, List.of(), firstFit, 1000);
            assertThat(scored - cost).isEqualTo(job == late ? 1000 : 0);
        }
        // A late job among the future ones is charged too; a late running job is not.
        List<RolloutSimulator.Running> running = List.of(new RolloutSimulator.Running(late, vm0, 100));
        Job futureLate = new Job(4, JobType.GENERIC, 10, 1, 1, 1, 100, 60);
        double cost = sim.cost(0, running, onTime, Placement.of(1), List.of(futureLate), firstFit);
        assertThat(sim.cost(0, running, onTime, Placement.of(1), List.of(futureLate), firstFit, 7) - cost).isEqualTo(7);
    }

    @Test
    void theTargetObjectiveIsTheCostObjectiveWithoutDeadlines() {
        Cluster tpds = ClusterPresets.tpds();
        SchedulerOptions cost = SchedulerOptions.defaults();
        SchedulerOptions target = cost.with(LookaheadOptions.of(cost).withObjective("target"));
        for (long seed = 1; seed <= 3; seed++) {
            Workload burst = TpdsWorkloadSpec.burst().withJobs(60).withSeed(seed).generate();
            assertSameSchedule(run(tpds, burst, "lookahead", seed, target), run(tpds, burst, "lookahead", seed, cost));
        }
        Cluster c5 = ClusterPresets.c5();
        int differs = 0;
        for (long seed = 1; seed <= 5; seed++) {
            Workload hjs = WorkloadPresets.generate("hjs-60-20", WorkloadOptions.seed(seed));
            differs += run(c5, hjs, "lookahead", seed, target).summary().totalCost()
                    != run(c5, hjs, "lookahead", seed, cost).summary().totalCost() ? 1 : 0;
        }
        assertThat(differs).isPositive();
        assertThatThrownBy(() -> LookaheadOptions.defaults().withObjective("makespan"))
                .hasMessageContaining("objective must be cost or target, got 'makespan'");
    }

    @Test
    void refusesBadOptions() {
        assertThatThrownBy(() -> LookaheadOptions.defaults().withMargin(-0.1))
                .hasMessageContaining("margin must be at least 0 and below 1, got -0.1");
        assertThatThrownBy(() -> LookaheadOptions.defaults().withMargin(1))
                .hasMessageContaining("margin must be at least 0 and below 1");
        assertThatThrownBy(() -> LookaheadOptions.defaults().withHorizon(-1))
                .hasMessageContaining("horizon must be between 0");
        assertThatThrownBy(() -> LookaheadOptions.defaults().withCandidates(0))
                .hasMessageContaining("candidates must be between 1");
        assertThatThrownBy(() -> LookaheadOptions.defaults().withRollout("lookahead"))
                .hasMessageContaining("other than lookahead");
        assertThatThrownBy(() -> Schedulers.create("lookahead", 1,
                SchedulerOptions.defaults().with(LookaheadOptions.defaults().withRollout("nope"))))
                .hasMessageContaining("unknown scheduler 'nope'");
    }
}
