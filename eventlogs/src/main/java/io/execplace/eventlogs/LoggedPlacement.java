package io.execplace.eventlogs;

import io.execplace.core.model.Capacity;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.policy.PlacementPolicy;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The placement that actually happened, as a policy: every job's executors on the VMs its logged
 * executors' hosts stand for ({@link HostMap}). A job whose VMs have no room yet waits, as it would
 * have on the real cluster; a job whose logged hosts the map does not name cannot be replayed.
 */
public final class LoggedPlacement implements PlacementPolicy {

    /** The name results show for it. */
    public static final String NAME = "actual";

    private final Map<Integer, int[]> vmsOfJob = new HashMap<>();
    private final Map<Integer, String> unmapped = new HashMap<>();

    /**
     * @param imported the workload of an import by application ({@link EventLogImport.Unit#APPLICATION})
     * @param hosts    which VM each logged host stands for
     */
    public LoggedPlacement(EventLogImport.Imported imported, HostMap hosts) {
        List<Job> jobs = imported.workload().jobs();
        for (Job job : jobs) {
            SparkApplication a = imported.application(job.id());
            List<SparkApplication.Executor> executors = a.executors();
            int[] vms = new int[job.executors()];
            String missing = null;
            for (int x = 0; x < vms.length; x++) {
                // Local mode has no executor events: its one executor ran on the driver, the first host or VM 0.
                String host = executors.isEmpty() ? null : executors.get(Math.min(x, executors.size() - 1)).host();
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
