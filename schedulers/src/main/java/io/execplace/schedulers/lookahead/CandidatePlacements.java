package io.execplace.schedulers.lookahead;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.schedulers.spi.SchedulerContext;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The placements {@code lookahead} weighs for a job, in priority order: {@code milp}'s per-job
 * optimum first (it wins ties), then the proposer's and the rollout policy's own, then the
 * heuristics' ({@link #SOURCES}), distinct ones only, at most {@code count} of them; and waiting
 * (last) while some VM is busy. One place makes this list, so that a learned chooser among the
 * candidates ({@code choice} agents) sees exactly the ones its teacher scored.
 */
public final class CandidatePlacements {

    static final String MILP = "milp";
    /** Candidate sources after the rollout policy, in priority order (registry names). */
    static final List<String> SOURCES = List.of(MILP, "gio", "first-fit", "round-robin-consolidate",
            "aep", "round-robin", "asq");

    private final int count;
    /** True when the rollout policy's placement comes first (it is milp, or the list says so). */
    private final boolean ownFirst;
    private final PlacementPolicy rollout;
    private final PlacementPolicy proposer;
    private final List<PlacementPolicy> sources = new ArrayList<>();

    /**
     * @param context  makes the policies (with the run's seed and options)
     * @param rollout  the rollout policy's registry name: its placement is the "own" candidate
     * @param proposer a scheduler whose placement follows milp's, or "" for none
     * @param count    the most placements per job (waiting not counted)
     */
    public CandidatePlacements(SchedulerContext context, String rollout, String proposer, int count) {
        this(context, rollout, proposer, count, lookaheadSources(rollout, count), rollout.equals(MILP));
    }

    private CandidatePlacements(SchedulerContext context, String rollout, String proposer, int count,
                                List<String> sourceNames, boolean ownFirst) {
        this.count = count;
        this.ownFirst = ownFirst;
        this.rollout = context.create(rollout);
        this.proposer = proposer.isEmpty() ? null : context.create(proposer);
        for (String name : sourceNames) {
            sources.add(context.create(name));
        }
    }

    /**
     * The placements of the named schedulers (registry names), in this order, distinct ones only,
     * and waiting while some VM is busy: a fixed candidate list for a learned chooser.
     *
     * @throws IllegalArgumentException for an empty list or a name the registry does not know
     */
    public static CandidatePlacements listed(SchedulerContext context, List<String> names) {
        if (names.isEmpty()) {
            throw new IllegalArgumentException("a candidate list needs at least one scheduler");
        }
        return new CandidatePlacements(context, names.get(0), "", names.size(), names.subList(1, names.size()), true);
    }

    /** lookahead's sources after its rollout policy: the first {@code count - 1} of {@link #SOURCES} but it. */
    private static List<String> lookaheadSources(String rollout, int count) {
        List<String> names = new ArrayList<>();
        for (String name : SOURCES) {
            if (names.size() + 1 >= count) {
                break;
            }
            if (!name.equals(rollout)) {
                names.add(name);
            }
        }
        return names;
    }

    /** The rollout policy's placement of {@code job} (none when it would wait). */
    public Placement own(Job job, ClusterView view) {
        return rollout.place(job, view);
    }

    /** As the rollout policy: whether it would drop {@code job} on arrival. */
    public String neverPlaces(Job job, Cluster cluster) {
        return rollout.neverPlaces(job, cluster);
    }

    /** As {@link #of(Job, ClusterView, Placement)} with the rollout policy's placement made here. */
    public List<Placement> of(Job job, ClusterView view) {
        return of(job, view, own(job, view));
    }

    /**
     * The candidates for {@code job}: distinct placements in priority order, then
     * {@link Placement#none()} (waiting) when some VM is busy. Empty when no policy places the job.
     *
     * @param own the rollout policy's placement of the job, from {@link #own}
     */
    public List<Placement> of(Job job, ClusterView view, Placement own) {
        List<Placement> candidates = new ArrayList<>();
        boolean seconds = false; // the proposer's and the rollout policy's placements, right after milp's
        if (ownFirst) {
            addDistinct(own, candidates);
        }
        for (PlacementPolicy source : sources) {
            if (candidates.size() >= count) {
                break; // a proposal took a place
            }
            addDistinct(source.place(job, view), candidates);
            if (candidates.size() == 1 && !seconds) {
                seconds = true;
                if (proposer != null) {
                    addDistinct(proposer.place(job, view), candidates);
                }
                if (candidates.size() < count) {
                    addDistinct(own, candidates);
                }
            }
        }
        if (candidates.isEmpty()) {
            addDistinct(own, candidates);
        }
        if (!candidates.isEmpty() && anyBusy(view)) {
            candidates.add(Placement.none()); // waiting is a choice only while something runs
        }
        return candidates;
    }

    private static boolean anyBusy(ClusterView view) {
        for (int v = 0; v < view.vmCount(); v++) {
            if (view.executorsOn(v) > 0) {
                return true;
            }
        }
        return false;
    }

    /** Adds {@code p} when it is a placement and none of {@code candidates} places the same VMs. */
    private static void addDistinct(Placement p, List<Placement> candidates) {
        if (p != null && !p.isNone() && distinct(p, candidates)) {
            candidates.add(p);
        }
    }

    /** True when none of {@code others} places the same VMs as {@code p}. */
    static boolean distinct(Placement p, List<Placement> others) {
        int[] a = p.toArray();
        Arrays.sort(a);
        for (Placement o : others) {
            if (o.isNone()) {
                continue;
            }
            int[] b = o.toArray();
            Arrays.sort(b);
            if (Arrays.equals(a, b)) {
                return false;
            }
        }
        return true;
    }
}
