package io.execplace.eventlogs;

import io.execplace.core.model.Capacity;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.policy.PlacementPolicy;

import java.util.HashMap;
import java.util.Map;

/**
 * The placement that actually happened, as a policy: every group of executors ({@link ExecutorGroup},
 * one job each) on the VMs its logged hosts stand for ({@link HostMap}), when it was there. A job whose VMs have no room yet waits, as it would
 * have on the real cluster; a job whose logged hosts the map does not name cannot be replayed.
 */
public final class LoggedPlacement implements PlacementPolicy {

    /** The name results show for it. */
    public static final String NAME = "actual";

    private final Map<Integer, int[]> vmsOfJob = new HashMap<>();
    private final Map<Integer, String> unmapped = new HashMap<>();

    /**
     * @param imported the workload of an import by executor groups ({@link EventLogImport.Unit#EXECUTORS})
     * @param hosts    which VM each logged host stands for
     */
    public LoggedPlacement(EventLogImport.Imported imported, HostMap hosts) {
        for (Job job : imported.workload().jobs()) {
            ExecutorGroup group = imported.origins().get(job.id()).executors();
            if (group == null) {
                throw new IllegalArgumentException("job " + job.id() + " is not a group of executors (import by executors)");
            }
            int[] vms = new int[job.executors()];
            String missing = null;
            for (int x = 0; x < vms.length; x++) {
                // Local mode has no executor events: its one executor ran on the driver, whose host the log may not give.
                String host = group.hosts().get(x);
                int vm = host == null ? 0 : hosts.vm(host);
                if (vm < 0) {
                    missing = host;
                    break;
                }
                vms[x] = vm;
            }
            if (missing != null) {
                unmapped.put(job.id(), missing);
            } else {
                vmsOfJob.put(job.id(), vms);
            }
        }
    }

    /** The logged hosts of the groups of {@code imported} in order of first use (local mode's unnamed host left out). */
    public static java.util.Set<String> hosts(EventLogImport.Imported imported) {
        java.util.Set<String> out = new java.util.LinkedHashSet<>();
        for (EventLogImport.Origin o : imported.origins()) {
            if (o.executors() != null) {
                o.executors().hosts().stream().filter(java.util.Objects::nonNull).forEach(out::add);
            }
        }
        return out;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Placement place(Job job, ClusterView cluster) {
        int[] vms = vmsOfJob.get(job.id());
        if (vms == null) {
            return Placement.none();
        }
        Map<Integer, Integer> perVm = count(vms);
        for (Map.Entry<Integer, Integer> e : perVm.entrySet()) {
            if (cluster.executorsThatFit(e.getKey(), job.coresPerExecutor(), job.memoryGbPerExecutor()) < e.getValue()) {
                return Placement.none();
            }
        }
        return Placement.of(vms);
    }

    @Override
    public String neverPlaces(Job job, Cluster cluster) {
        if (unmapped.containsKey(job.id())) {
            return "its logged host '" + unmapped.get(job.id()) + "' is not in the host table";
        }
        int[] vms = vmsOfJob.get(job.id());
        for (Map.Entry<Integer, Integer> e : count(vms).entrySet()) {
            int vm = e.getKey();
            int fit = Capacity.executorsThatFit(cluster.vm(vm).cores(), cluster.vm(vm).memoryGb(), job.coresPerExecutor(),
                    job.memoryGbPerExecutor());
            if (fit < e.getValue()) {
                return e.getValue() + " of its executors ran on the host of VM " + vm + ", which holds " + fit;
            }
        }
        return null;
    }

    private static Map<Integer, Integer> count(int[] vms) {
        Map<Integer, Integer> m = new HashMap<>();
        for (int v : vms) {
            m.merge(v, 1, Integer::sum);
        }
        return m;
    }
}
