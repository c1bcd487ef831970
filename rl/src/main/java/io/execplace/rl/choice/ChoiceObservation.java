package io.execplace.rl.choice;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.model.PlacementPreference;
import io.execplace.core.model.Site;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.rules.Deadlines;
import io.execplace.core.rules.DurationModel;
import io.execplace.core.rules.HjsWeightOrder;
import io.execplace.rl.pairs.ClusterScale;
import io.execplace.rl.pairs.PairSchema;

import java.util.Arrays;
import java.util.List;

/**
 * What a {@code choice} agent observes for one job: the job's and cluster's context, then one slot
 * per candidate placement ({@code lookahead}'s candidates: milp's, the rollout policy's, the
 * heuristics', waiting last), each described by what it would do — the VM time it would add to the
 * bill, how much slower the job would run, how many idle VMs it would start, whether the job would
 * meet its deadline. Every value is scale-free (costs in units of one mean-priced VM for the job's
 * duration, times relative to the job's duration), so an agent runs on any cluster. The
 * {@link PairSchema} {@link #SCHEMA} names these lists; the pair network reads them with the
 * candidates as its slots.
 */
public final class ChoiceObservation {

    /** Per-candidate values, in order. */
    public static final List<String> CANDIDATE_FEATURES = List.of(
            "present",        // 1 for a candidate, 0 for an unused slot
            "wait",           // 1 for waiting (the job is not placed now)
            "rank1",          // 1 for the first candidate: the first listed scheduler's placement (milp's by default)
            "rank2",          // 1 for the second distinct one (schedulers proposing a placement already listed add none)
            "rank3",
            "rank4",
            "rank5",
            "rank6",
            "rank7",
            "rank8",
            "extraCost",      // VM time it adds to the bill x price / (mean VM price x job duration), ln(1 + x) / 3
            "extraVsFirst",   // extraCost minus the first candidate's, in [-1, 1]
            "slowdown",       // job duration there / base duration - 1, at most 1 (0 for waiting)
            "newVms",         // idle VMs it starts / executors
            "vms",            // VMs it uses / executors
            "local",          // share of its executors on local VMs
            "late",           // 1 when a deadline job would miss its deadline (waiting: even on the first VM freed)
            "slack",          // (deadline - finish) / base duration in [-1, 2], + 1, / 3; 0 without a deadline
            "freeAfter",      // free cores of the cluster after it / all cores
            "soonestFree");   // waiting: the first busy VM's remaining time / job duration, at most 3, / 3

    /** Job and cluster values, in order. */
    public static final List<String> CONTEXT = List.of(
            "jobCores",       // cores per executor / largest VM's cores
            "jobMemory",      // memory per executor / largest VM's memory
            "executors",      // executors / 32, at most 1
            "spread",         // 1 for a job whose type wants its executors on different VMs
            "consolidate",    // 1 for one that wants them on one VM
            "duration",       // ln(1 + base duration / 60 s) / 5
            "waited",         // (now - arrival) / base duration, at most 4, divided by 4
            "busyCores",      // 1 - free cores / cores, over the cluster
            "activeVms",      // share of VMs billed now
            "hybridPenalty",  // 1 when cloud VMs slow this cluster's jobs
            "deadline",       // 1 for a job with a deadline
            "laxity",         // ((deadline - now - base) / base in [-1, 2] + 1) / 3; 0 without
            "windowLeft",     // (deadline - now) / (deadline - arrival) in [0, 1]; 0 without
            "urgency");       // HJS Eq. 7's U_t (U_max = 1); 0 without a deadline

    /** The schema agent files record; change the name whenever a list or a normalisation changes. */
    public static final PairSchema SCHEMA = new PairSchema("choice-1", CONTEXT, CANDIDATE_FEATURES, false);

    /** Candidate ranks the {@code rankK} features can name: the most schedulers a choice agent lists. */
    public static final int SOURCES = 8;
    private static final int RANK = CANDIDATE_FEATURES.indexOf("rank1");
    private static final int EXTRA_COST = CANDIDATE_FEATURES.indexOf("extraCost");
    private static final int EXTRA_VS_FIRST = CANDIDATE_FEATURES.indexOf("extraVsFirst");
    private static final int SLOWDOWN = CANDIDATE_FEATURES.indexOf("slowdown");
    private static final int NEW_VMS = CANDIDATE_FEATURES.indexOf("newVms");
    private static final int VMS = CANDIDATE_FEATURES.indexOf("vms");
    private static final int LOCAL = CANDIDATE_FEATURES.indexOf("local");
    private static final int LATE = CANDIDATE_FEATURES.indexOf("late");
    private static final int SLACK = CANDIDATE_FEATURES.indexOf("slack");
    private static final int FREE_AFTER = CANDIDATE_FEATURES.indexOf("freeAfter");
    private static final int SOONEST_FREE = CANDIDATE_FEATURES.indexOf("soonestFree");

    private final Cluster cluster;
    private final DurationModel model;
    private final int slots;
    private final ClusterScale scale;
    private final boolean[] used;

    /**
     * @param slots candidate slots of the observation (waiting included)
     */
    public ChoiceObservation(Cluster cluster, DurationModel model, int slots) {
        this.cluster = cluster;
        this.model = model;
        this.slots = slots;
        scale = ClusterScale.of(cluster, model);
        used = new boolean[cluster.size()];
    }

    /** Values of an observation. */
    public int size() {
        return SCHEMA.size(slots);
    }

    public int slots() {
        return slots;
    }

    /**
     * Writes the observation of {@code job}'s decision among {@code candidates} (at most
     * {@link #slots()}; unused slots are zeros).
     */
    public void write(double[] obs, Job job, ClusterView view, List<Placement> candidates) {
        if (candidates.size() > slots) {
            throw new IllegalArgumentException(candidates.size() + " candidates do not fit " + slots + " slots");
        }
        Arrays.fill(obs, 0, size(), 0);
        double now = view.now();
        double base = Math.max(job.baseDuration(), 1e-9);
        double freeCores = 0;
        int active = 0;
        double soonest = Double.POSITIVE_INFINITY;
        for (int vm = 0; vm < cluster.size(); vm++) {
            freeCores += view.freeCores(vm);
            if (view.isActive(vm)) {
                active++;
            }
            if (view.executorsOn(vm) > 0) {
                soonest = Math.min(soonest, view.remainingBusyTime(vm));
            }
        }
        writeContext(obs, job, now, base, freeCores, active);
        int c = SCHEMA.contextSize();
        int f = SCHEMA.vmSize();
        double firstExtra = 0;
        for (int k = 0; k < candidates.size(); k++) {
            Placement p = candidates.get(k);
            int o = c + k * f;
            obs[o] = 1;
            if (k < SOURCES) {
                obs[o + RANK + k] = 1;
            }
            double finish;
            if (p.isNone()) {
                obs[o + 1] = 1;
                double wait = Double.isInfinite(soonest) ? 0 : soonest;
                obs[o + SOONEST_FREE] = Math.min(wait / base, 3) / 3;
                obs[o + FREE_AFTER] = freeCores / scale.totalCores();
                finish = now + wait + base;
                obs[o + EXTRA_VS_FIRST] = Math.max(-1, -firstExtra);
            } else {
                double duration = model.duration(job, p, cluster);
                double extra = extraCost(p, view, duration) / (scale.meanPrice() * base);
                double x = Math.log1p(extra) / 3;
                if (k == 0) {
                    firstExtra = x;
                }
                obs[o + EXTRA_COST] = x;
                obs[o + EXTRA_VS_FIRST] = Math.max(-1, Math.min(1, x - firstExtra));
                obs[o + SLOWDOWN] = Math.min(duration / base - 1, 1);
                writeShape(obs, o, p, view, job, freeCores);
                finish = now + duration;
            }
            if (job.hasDeadline()) {
                obs[o + LATE] = Deadlines.missed(job, finish) ? 1 : 0;
                obs[o + SLACK] = (Math.max(-1, Math.min(2, (job.deadline() - finish) / base)) + 1) / 3;
            }
        }
    }

    /** newVms, vms, local and freeAfter of a placement. */
    private void writeShape(double[] obs, int o, Placement p, ClusterView view, Job job, double freeCores) {
        Arrays.fill(used, false);
        int distinct = 0;
        int fresh = 0;
        int local = 0;
        for (int e = 0; e < p.executors(); e++) {
            int vm = p.vm(e);
            if (cluster.vm(vm).site() == Site.LOCAL) {
                local++;
            }
            if (!used[vm]) {
                used[vm] = true;
                distinct++;
                fresh += view.executorsOn(vm) == 0 ? 1 : 0;
            }
        }
        double n = p.executors();
        obs[o + NEW_VMS] = fresh / n;
        obs[o + VMS] = distinct / n;
        obs[o + LOCAL] = local / n;
        obs[o + FREE_AFTER] = (freeCores - n * job.coresPerExecutor()) / scale.totalCores();
    }

    /** The VM time the placement adds to the bill, priced: each VM it uses is billed until the job ends. */
    private double extraCost(Placement p, ClusterView view, double duration) {
        Arrays.fill(used, false);
        double extra = 0;
        for (int e = 0; e < p.executors(); e++) {
            int vm = p.vm(e);
            if (!used[vm]) {
                used[vm] = true;
                extra += Math.max(0, duration - view.remainingBusyTime(vm)) * cluster.vm(vm).pricePerSecond();
            }
        }
        return extra;
    }

    private void writeContext(double[] obs, Job job, double now, double base, double freeCores, int active) {
        PlacementPreference pref = job.type().preference();
        boolean multi = job.executors() > 1;
        obs[0] = job.coresPerExecutor() / scale.maxCores();
        obs[1] = job.memoryGbPerExecutor() / scale.maxMemory();
        obs[2] = Math.min(job.executors(), 32) / 32.0;
        obs[3] = multi && pref == PlacementPreference.SPREAD ? 1 : 0;
        obs[4] = multi && pref == PlacementPreference.CONSOLIDATE ? 1 : 0;
        obs[5] = Math.log1p(Math.max(0, job.baseDuration()) / 60) / 5;
        obs[6] = Math.min(Math.max(0, now - job.arrival()) / base, 4) / 4;
        obs[7] = 1 - freeCores / scale.totalCores();
        obs[8] = active / (double) cluster.size();
        obs[9] = scale.hybridPenalty() ? 1 : 0;
        if (job.hasDeadline()) {
            double window = job.deadline() - job.arrival();
            obs[10] = 1;
            obs[11] = (Math.max(-1, Math.min(2, (job.deadline() - now - base) / base)) + 1) / 3;
            obs[12] = window > 0 ? Math.max(0, Math.min(1, (job.deadline() - now) / window)) : 0;
            obs[13] = HjsWeightOrder.urgency(job, now);
        }
    }
}
