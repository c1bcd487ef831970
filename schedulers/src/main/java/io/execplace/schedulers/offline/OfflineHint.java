package io.execplace.schedulers.offline;

import com.google.ortools.sat.CpModel;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.rules.DurationCase;
import io.execplace.core.rules.DurationModel;

import java.util.ArrayList;
import java.util.List;

/**
 * A known schedule (a heuristic's, or a previous solve's) given to CP-SAT as a solution hint for
 * every variable of {@link OfflineOptimum}'s model: starts, duration cases, executor counts, VM
 * use, and each VM's busy segments in time order. CP-SAT starts its search from it, so the optimum
 * is never worse than the hint.
 */
final class OfflineHint {

    private final Cluster cluster;
    private final DurationModel model;
    private final List<Job> jobs;
    private final OfflineScales scales;

    OfflineHint(Cluster cluster, DurationModel model, List<Job> jobs, OfflineScales scales) {
        this.cluster = cluster;
        this.model = model;
        this.jobs = jobs;
        this.scales = scales;
    }

    /** Hints every variable of {@code vars} with its value in schedule {@code h} (of the same jobs). */
    void add(CpModel cp, OfflineSchedule h, OfflineVariables vars) {
        if (!h.jobs().equals(jobs)) {
            throw new IllegalArgumentException("the offline-optimum hint schedules other jobs");
        }
        int n = jobs.size();
        int m = cluster.size();
        long[] s = new long[n];
        long[] e = new long[n];
        for (int j = 0; j < n; j++) {
            Job job = jobs.get(j);
            s[j] = IntegerGrid.up(h.start(j), scales.time());
            cp.addHint(vars.start[j], s[j]);
            Placement p = h.placement(j);
            List<DurationCase> cs = model.cases(job);
            int best = -1;
            for (int k = 0; k < cs.size(); k++) {
                if (cs.get(k).admits(p, cluster) && (best < 0 || cs.get(k).duration() < cs.get(best).duration())) {
                    best = k;
                }
            }
            for (int k = 0; k < cs.size(); k++) {
                cp.addHint(vars.caseOf[j][k], k == best);
            }
            e[j] = s[j] + (best < 0 ? 0 : Math.max(1, IntegerGrid.up(cs.get(best).duration(), scales.time())));
            int[] perVm = new int[m];
            for (int x = 0; x < p.executors(); x++) {
                perVm[p.vm(x)]++;
            }
            for (int v = 0; v < m; v++) {
                cp.addHint(vars.count[j][v], perVm[v]);
                cp.addHint(vars.uses[j][v], perVm[v] > 0);
            }
        }
        for (int v = 0; v < m; v++) {
            // The hinted VM's busy periods, in time order, become its segments.
            List<long[]> periods = new ArrayList<>();
            List<Integer> order = new ArrayList<>();
            for (int j = 0; j < n; j++) {
                if (vars.inSeg[j][v] != null && h.placement(j).toArray().length > 0 && h.placement(j).usesVm(v)) {
                    order.add(j);
                }
            }
            order.sort((a, b) -> Long.compare(s[a], s[b]));
            int[] segmentOf = new int[n];
            for (int j : order) {
                if (periods.isEmpty() || s[j] > periods.get(periods.size() - 1)[1]) {
                    periods.add(new long[]{s[j], e[j]});
                } else {
                    long[] last = periods.get(periods.size() - 1);
                    last[1] = Math.max(last[1], e[j]);
                }
                segmentOf[j] = periods.size() - 1;
            }
            for (int k = 0; k < vars.segPresent[v].length; k++) {
                boolean present = k < periods.size();
                cp.addHint(vars.segPresent[v][k], present);
                cp.addHint(vars.segStart[v][k], present ? periods.get(k)[0] : 0);
                cp.addHint(vars.segLength[v][k], present ? periods.get(k)[1] - periods.get(k)[0] : 0);
            }
            for (int j = 0; j < n; j++) {
                if (vars.inSeg[j][v] == null) {
                    continue;
                }
                boolean on = order.contains(j);
                for (int k = 0; k < vars.inSeg[j][v].length; k++) {
                    cp.addHint(vars.inSeg[j][v][k], on && segmentOf[j] == k);
                }
            }
        }
    }
}
