package io.execplace.kubernetes.bench;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.model.Placement;
import io.execplace.core.model.Site;
import io.execplace.core.model.VmType;
import io.execplace.core.model.Workload;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.core.sim.Simulation;
import io.execplace.core.rules.SimulationConfig;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The VM cost of a set of bindings, replayed through the simulator's cost model: every application
 * a job whose executors run on the nodes they were bound to, from its arrival for its expected
 * duration; a node is paid while it runs an executor.
 */
final class ReplayCost {

    /** A node as the benchmark made it. */
    record BenchNode(String name, String type, int cores, double memoryGb, double pricePerHour) {
    }

    /** An application: arrival (seconds from the start), its executor pods in order. */
    record App(double arrival, List<String> pods) {
    }

    private ReplayCost() {
    }

    static double cost(List<BenchNode> nodes, List<App> apps, Map<String, String> nodeOfPod, double durationSeconds) {
        Cluster.Builder b = Cluster.builder("bench");
        Map<String, Integer> vmOf = new java.util.HashMap<>();
        for (int i = 0; i < nodes.size(); i++) {
            BenchNode n = nodes.get(i);
            b.add(new VmType(n.type(), n.cores(), n.memoryGb()), Site.CLOUD, 1, n.pricePerHour() / 3600);
            vmOf.put(n.name(), i);
        }
        Cluster cluster = b.build();
        List<Job> jobs = new ArrayList<>();
        List<int[]> placements = new ArrayList<>();
        for (App app : apps) {
            int[] vms = new int[app.pods().size()];
            for (int x = 0; x < vms.length; x++) {
                String node = nodeOfPod.get(app.pods().get(x));
                Integer vm = node == null ? null : vmOf.get(node);
                if (vm == null) {
                    throw new IllegalStateException("pod " + app.pods().get(x) + " is bound to " + node + ", not a benchmark node");
                }
                vms[x] = vm;
            }
            jobs.add(new Job(jobs.size(), JobType.GENERIC, app.arrival(), vms.length, 1, 2, durationSeconds, Job.NO_DEADLINE));
            placements.add(vms);
        }
        Workload workload = new Workload("bound", jobs);
        PlacementPolicy bound = new PlacementPolicy() {
            @Override
            public String name() {
                return "bound";
            }

            @Override
            public Placement place(Job job, ClusterView view) {
                return Placement.of(placements.get(job.id()));
            }
        };
        return Simulation.run(cluster, workload, bound, SimulationConfig.defaults(cluster, workload)).summary().totalCost();
    }
}
