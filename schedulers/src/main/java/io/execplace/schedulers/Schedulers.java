package io.execplace.schedulers;

import io.execplace.schedulers.elastic.EveryPodProtected;
import io.execplace.schedulers.elastic.FinishTogether;
import io.execplace.schedulers.elastic.FinishTogetherHeadroom;
import io.execplace.schedulers.elastic.FinishTogetherOverprovisioned;
import io.execplace.schedulers.elastic.FinishTogetherPatient;
import io.execplace.schedulers.elastic.FinishTogetherProtected;
import io.execplace.schedulers.elastic.FinishTogetherSpot;
import io.execplace.schedulers.elastic.FinishTogetherSteady;
import io.execplace.schedulers.elastic.KubeProvisioned;
import io.execplace.schedulers.elastic.UniformProgress;
import io.execplace.schedulers.heuristics.Aep;
import io.execplace.schedulers.heuristics.Asq;
import io.execplace.schedulers.heuristics.FirstFit;
import io.execplace.schedulers.heuristics.Gio;
import io.execplace.schedulers.heuristics.RandomPlacement;
import io.execplace.schedulers.heuristics.RoundRobin;
import io.execplace.schedulers.heuristics.RoundRobinConsolidate;
import io.execplace.schedulers.spi.SchedulerInfo;
import io.execplace.schedulers.spi.SchedulerOptions;
import io.execplace.schedulers.spi.SchedulerRegistry;

import io.execplace.core.policy.PlacementPolicy;
import io.execplace.schedulers.lookahead.Lookahead;
import io.execplace.schedulers.milp.Milp;
import io.execplace.schedulers.milp.MilpOptions;

import java.util.List;
import java.util.stream.Stream;

/**
 * The built-in schedulers: the heuristics of the papers, the exact {@code milp} and the {@code
 * lookahead} planner, as an immutable {@link SchedulerRegistry}. This class is the one place that
 * knows every family; the families know only the {@code spi} package. Programs that run more (trained agents, later studies) build
 * their own registry from {@link #builtIn()} and hand it on; the static shortcuts here only ever
 * see the built-in ones.
 */
public final class Schedulers {

    /**
     * The reference {@code lookahead} whose rollouts see the workload's true next arrivals ({@link
     * Lookahead#knowing}): run by {@code heldout}, never listed.
     */
    public static final String CLAIRVOYANT = "lookahead-clairvoyant";
    /** As {@link #CLAIRVOYANT}, told only the true arrival times: shapes sampled from the jobs seen. */
    public static final String CLAIRVOYANT_ARRIVALS = "lookahead-clairvoyant-arrivals";
    /** As {@link #CLAIRVOYANT}, told only the true shapes and deadline slacks: arrival gaps sampled. */
    public static final String CLAIRVOYANT_SHAPES = "lookahead-clairvoyant-shapes";

    private static final SchedulerRegistry BUILT_IN = SchedulerRegistry.empty()
            .with(RoundRobin.NAME,
                    "Spark spread-out: one executor per VM per pass, most free cores first, ties by id (TPDS, HYB)",
                    context -> new RoundRobin())
            .with(RoundRobinConsolidate.NAME,
                    "Spark consolidate: fill busy VMs, then idle VMs, fewest free cores first (TPDS, HYB)",
                    context -> new RoundRobinConsolidate())
            .with(FirstFit.NAME,
                    "HYB Alg. 1: pack active VMs cheapest first (as the HYB reference), then turn on the cheapest idle VM",
                    context -> new FirstFit())
            .with(FirstFit.FULLEST_NAME,
                    "first-fit packing active VMs fewest free cores first, whatever their price",
                    context -> new FirstFit(true))
            .with(Gio.NAME,
                    "HYB Alg. 2: local VMs only if they hold the whole job, packed by least extra cost price x max(0, T_C - T_vm)",
                    context -> new Gio())
            .with(Asq.NAME,
                    "HYB baseline: all executors local if they fit there, else all on cloud VMs; never split; a job neither site holds is dropped",
                    context -> new Asq())
            .with(Aep.NAME,
                    "TPDS baseline: spread WordCount and Sort over distinct VMs (active, then cheapest), "
                            + "consolidate PageRank on the cheapest VM that holds it (job-type profile)",
                    context -> new Aep())
            .with(Aep.SPARK_NAME,
                    "aep spreading with Spark's round-robin rule (most free cores first); PageRank on one VM, active then cheapest",
                    context -> new Aep(Aep.Reading.SPARK))
            .with(RandomPlacement.NAME,
                    "each executor on a uniformly random VM that has room (seeded)",
                    context -> new RandomPlacement(context.seed()))
            .with(Milp.NAME,
                    "exact per-job optimum of the extra VM cost (HYB Eq. 16; --beta: TPDS Eq. 6) with CP-SAT, "
                            + "penalties included; gio if the solver finds nothing in time",
                    context -> new Milp(MilpOptions.of(context.options())))
            .with(Milp.ELASTIC_NAME,
                    "milp that on elastic pools bills a node it buys with its launch delay and minimum, adds a spot "
                            + "node's expected interruption cost and penalises nodes ready too late for the deadline; "
                            + "milp on fixed clusters (run when named)",
                    context -> Milp.elastic(MilpOptions.of(context.options())))
            .with(KubeProvisioned.Scoring.LEAST_ALLOCATED.policyName(),
                    "today's stack: kube-scheduler's default scoring (LeastAllocated + BalancedAllocation) on the nodes "
                            + "that exist; on elastic clusters a Karpenter-like provisioner buys the cheapest nodes for the rest",
                    context -> new KubeProvisioned(KubeProvisioned.Scoring.LEAST_ALLOCATED))
            .with(KubeProvisioned.Scoring.MOST_ALLOCATED.policyName(),
                    "kube-default with MostAllocated scoring (bin packing), the published change for autoscaled "
                            + "Spark clusters; same provisioner",
                    context -> new KubeProvisioned(KubeProvisioned.Scoring.MOST_ALLOCATED))
            .with(KubeProvisioned.Scoring.SPOT_PREFERRED.policyName(),
                    "the practitioners' rule: executors on spot (preferred node affinity for spot nodes) with "
                            + "kube-default's scoring and provisioner, on-demand only when no spot pool can buy",
                    context -> new KubeProvisioned(KubeProvisioned.Scoring.SPOT_PREFERRED))
            .with(UniformProgress.NAME,
                    "Can't Be Late's Uniform Progress per application: spot while the deadline slack covers a "
                            + "restart, on-demand otherwise, decided again after an interruption; kube-default's scoring",
                    context -> new UniformProgress(false))
            .with(UniformProgress.PACKING_NAME,
                    "uniform-progress with MostAllocated scoring (packing) within each capacity type",
                    context -> new UniformProgress(true))
            .with(FinishTogether.NAME,
                    "elastic-aware: each executor where it adds the least node time (live nodes busy as long as the job, "
                            + "nodes that empty together; buys a node only when cheaper per executor, launch wait counted)",
                    context -> new FinishTogether())
            .with(FinishTogetherSpot.NAME,
                    "finish-together, each job on spot where its deadline slack covers an interruption's expected "
                            + "delay (published hazard, trace frequency), on on-demand otherwise",
                    context -> new FinishTogetherSpot())
            .with(FinishTogetherSteady.NAME,
                    "finish-together-spot that also weighs how long each node would sit unchanged with executors "
                            + "(under-used consolidation drains such nodes): fewer evictions",
                    context -> new FinishTogetherSteady())
            .with(FinishTogetherHeadroom.NAME,
                    "finish-together-spot that keeps room free on live nodes for the jobs whose deadline slack is "
                            + "shorter than a launch, sized from the arrivals seen (their rate and demands)",
                    context -> new FinishTogetherHeadroom())
            .with(FinishTogetherOverprovisioned.NAME,
                    "finish-together-spot with placeholder pods (Kubernetes' overprovisioning pattern) holding room "
                            + "for the jobs whose slack is shorter than a launch, sized from the arrivals seen (run when named)",
                    context -> FinishTogetherOverprovisioned.create())
            .with(FinishTogetherOverprovisioned.LARGE_NAME,
                    "finish-together-overprovisioned buying nodes of the largest type, with a smaller placeholder room "
                            + "that goes on on-demand nodes while availability windows close every spot pool (run when named)",
                    context -> FinishTogetherOverprovisioned.createLarge())
            .with(FinishTogetherOverprovisioned.PROTECTED_NAME,
                    "finish-together-protected with the same placeholder pods (run when named)",
                    context -> FinishTogetherOverprovisioned.createProtected())
            .with(FinishTogetherProtected.NAME,
                    "finish-together-steady whose executors carry karpenter.sh/do-not-disrupt for the job's expected "
                            + "run where an eviction would cost more than the node time a drain keeps (run when named)",
                    context -> new FinishTogetherProtected())
            .with(KubeProvisioned.Scoring.MOST_ALLOCATED.policyName() + EveryPodProtected.SUFFIX,
                    "kube-most with every executor pod annotated karpenter.sh/do-not-disrupt: \"true\", the "
                            + "practitioners' blanket rule against consolidation evictions (run when named)",
                    context -> new EveryPodProtected(new KubeProvisioned(KubeProvisioned.Scoring.MOST_ALLOCATED)))
            .with(FinishTogetherSteady.NAME + EveryPodProtected.SUFFIX,
                    "finish-together-steady with every executor pod annotated karpenter.sh/do-not-disrupt: \"true\" "
                            + "(run when named)",
                    context -> new EveryPodProtected(new FinishTogetherSteady()))
            .with(FinishTogetherPatient.NAME,
                    "finish-together-steady whose jobs wait for room the running jobs will free, instead of buying a "
                            + "node, as long as their deadline slack covers the wait (run when named)",
                    context -> FinishTogetherPatient.create())
            .with(FinishTogetherPatient.NAME + EveryPodProtected.SUFFIX,
                    "finish-together-patient with every executor pod annotated karpenter.sh/do-not-disrupt: \"true\" "
                            + "(run when named)",
                    context -> new EveryPodProtected(FinishTogetherPatient.create()))
            .with(Lookahead.NAME,
                    "per job, milp's and the heuristics' placements and waiting, scored by rollouts of sampled future "
                            + "arrivals with a fast policy, any registered scheduler (--lookahead-horizon, "
                            + "--lookahead-candidates, --lookahead-rollout)",
                    Lookahead::new)
            .withReference(Schedulers.CLAIRVOYANT,
                    "a reference, not a scheduler: lookahead whose rollouts see the workload's true next arrivals, "
                            + "to tell how much not knowing the future costs",
                    (context, jobs) -> new Lookahead(context).knowing(jobs))
            .withReference(Schedulers.CLAIRVOYANT_ARRIVALS,
                    "a reference: lookahead told the true next arrival times only, shapes sampled from the jobs seen",
                    (context, jobs) -> new Lookahead(context).knowingPart(jobs, true))
            .withReference(Schedulers.CLAIRVOYANT_SHAPES,
                    "a reference: lookahead told the true next jobs' shapes and deadline slacks only, gaps sampled",
                    (context, jobs) -> new Lookahead(context).knowingPart(jobs, false));

    /**
     * The policies made for elastic clusters — today's Kubernetes stack (kube-scheduler scoring with a
     * Karpenter-like provisioner, and the practitioners' executors-on-spot rule), Uniform Progress, and
     * {@code finish-together} with its spot-aware variant: listed among "every scheduler" on elastic
     * clusters only; on the papers' fixed clusters they run when named.
     */
    public static final List<String> ELASTIC_POLICIES = List.of(
            KubeProvisioned.Scoring.LEAST_ALLOCATED.policyName(), KubeProvisioned.Scoring.MOST_ALLOCATED.policyName(),
            KubeProvisioned.Scoring.SPOT_PREFERRED.policyName(), UniformProgress.NAME, UniformProgress.PACKING_NAME,
            FinishTogether.NAME, FinishTogetherSpot.NAME, FinishTogetherSteady.NAME, FinishTogetherHeadroom.NAME);

    /**
     * The policies that protect executor pods from consolidation ({@code karpenter.sh/do-not-disrupt}):
     * they run only when named, on any cluster — on pools that remove only empty nodes, and on fixed
     * clusters, they place as their base policies do.
     */
    public static final List<String> PROTECTING_POLICIES = List.of(FinishTogetherProtected.NAME,
            KubeProvisioned.Scoring.MOST_ALLOCATED.policyName() + EveryPodProtected.SUFFIX,
            FinishTogetherSteady.NAME + EveryPodProtected.SUFFIX);

    /**
     * The policies that hold room with placeholder pods ({@code PlaceholderRoom}): they run only when
     * named, on any cluster; on fixed clusters they place as their base policies do.
     */
    public static final List<String> OVERPROVISIONING_POLICIES = List.of(FinishTogetherOverprovisioned.NAME,
            FinishTogetherOverprovisioned.LARGE_NAME, FinishTogetherOverprovisioned.PROTECTED_NAME);

    /**
     * The policies that trade deadline slack for launches (a job waits for room as long as its slack
     * covers it): they run only when named, on any cluster; on fixed clusters they place as {@code
     * finish-together} does.
     */
    public static final List<String> PATIENT_POLICIES = List.of(FinishTogetherPatient.NAME,
            FinishTogetherPatient.NAME + EveryPodProtected.SUFFIX);

    /**
     * The exact scheduler with launch delays and expected interruption cost ({@code milp-elastic}): it
     * runs only when named, on any cluster; on fixed clusters it places as {@code milp} does.
     */
    public static final List<String> ELASTIC_MILP = List.of(Milp.ELASTIC_NAME);

    /** The policies that run only when named, on any cluster. */
    public static final List<String> WHEN_NAMED = Stream.of(PROTECTING_POLICIES, OVERPROVISIONING_POLICIES,
            PATIENT_POLICIES, ELASTIC_MILP).flatMap(List::stream).toList();

    private Schedulers() {
    }

    /** The built-in schedulers. */
    public static SchedulerRegistry builtIn() {
        return BUILT_IN;
    }

    /** The built-in fixed names, in listing order. */
    public static List<String> names() {
        return BUILT_IN.names();
    }

    /** The built-in schedulers with their descriptions. */
    public static List<SchedulerInfo> list() {
        return BUILT_IN.list();
    }

    /** A fresh built-in policy for one run with the default options. */
    public static PlacementPolicy create(String name, long seed) {
        return BUILT_IN.create(name, seed);
    }

    /** A fresh built-in policy for one run, tuned by {@code options}. */
    public static PlacementPolicy create(String name, long seed, SchedulerOptions options) {
        return BUILT_IN.create(name, seed, options);
    }
}
