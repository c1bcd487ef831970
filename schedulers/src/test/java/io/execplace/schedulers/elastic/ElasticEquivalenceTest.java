package io.execplace.schedulers.elastic;

import io.execplace.core.metrics.JobRecord;
import io.execplace.core.metrics.RunResult;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.ClusterPresets;
import io.execplace.core.model.InstanceType;
import io.execplace.core.model.NodePool;
import io.execplace.core.model.NodePools;
import io.execplace.core.model.Vm;
import io.execplace.core.model.Workload;
import io.execplace.core.rules.QueuePolicy;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.core.sim.Simulation;
import io.execplace.core.workload.WorkloadOptions;
import io.execplace.core.workload.WorkloadPresets;
import io.execplace.schedulers.Schedulers;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An elastic cluster whose pools launch at once, consolidate at once and bill usage exactly is the
 * fixed cluster of the papers: every scheduler of the papers, and {@code milp}, gives the same schedule
 * and, to the bit, the same cost.
 */
class ElasticEquivalenceTest {

    /** One pool per VM type of a fixed cluster, its limit exactly the type's VMs, in the cluster's VM order. */
    static Cluster asZeroDelayPools(Cluster fixed) {
        Map<String, List<Vm>> byType = new LinkedHashMap<>();
        for (Vm vm : fixed.vms()) {
            byType.computeIfAbsent(vm.type().name(), k -> new ArrayList<>()).add(vm);
        }
        List<NodePool> pools = new ArrayList<>();
        for (List<Vm> vms : byType.values()) {
            Vm first = vms.get(0);
            InstanceType type = new InstanceType(first.type().name(), first.cores(), first.memoryGb(),
                    first.pricePerSecond(), first.pricePerSecond());
            pools.add(NodePool.builder(first.type().name()).instanceTypes(List.of(type))
                    .limitCores(vms.size() * first.cores()).build());
        }
        return new NodePools(fixed.name() + "-as-pools", pools, false).cluster();
    }

    @Test
    void zeroDelayPoolsReproduceTheFixedClusterBitForBit() {
        Cluster fixed = ClusterPresets.tpds();
        Cluster elastic = asZeroDelayPools(fixed);
        assertThat(elastic.size()).isEqualTo(fixed.size());
        for (int i = 0; i < fixed.size(); i++) {
            assertThat(elastic.vm(i).pricePerSecond()).isEqualTo(fixed.vm(i).pricePerSecond());
            assertThat(elastic.vm(i).cores()).isEqualTo(fixed.vm(i).cores());
        }
        int compared = 0;
        for (long seed = 1; seed <= 3; seed++) {
            for (String preset : List.of("tpds-normal", "tpds-burst")) {
                Workload workload = WorkloadPresets.generate(preset, WorkloadOptions.seed(seed));
                for (QueuePolicy queue : List.of(QueuePolicy.FCFS, QueuePolicy.EDF)) {
                    SimulationConfig config = SimulationConfig.defaults(fixed, workload).withQueue(queue)
                            .withCapacitySeed(seed);
                    for (String name : Schedulers.names()) {
                        if (name.equals("lookahead") || Schedulers.ELASTIC_POLICIES.contains(name)
                                || Schedulers.WHEN_NAMED.contains(name)) {
                            // lookahead: rollouts of sampled futures, checked with its own test; the elastic
                            // policies read which nodes are bought, which is their point.
                            continue;
                        }
                        RunResult a = Simulation.run(fixed, workload, Schedulers.create(name, seed), config);
                        RunResult b = Simulation.run(elastic, workload, Schedulers.create(name, seed), config);
                        String where = name + " " + preset + " seed " + seed + " " + queue.name();
                        assertThat(b.summary().withoutDelays()).as(where).isEqualTo(a.summary().withoutDelays());
                        assertThat(Double.doubleToLongBits(b.summary().totalCost())).as(where)
                                .isEqualTo(Double.doubleToLongBits(a.summary().totalCost()));
                        for (int j = 0; j < a.jobs().size(); j++) {
                            JobRecord x = a.jobs().get(j);
                            JobRecord y = b.jobs().get(j);
                            assertThat(y.start()).as(where).isEqualTo(x.start());
                            assertThat(y.finish()).as(where).isEqualTo(x.finish());
                            assertThat(y.placement()).as(where).isEqualTo(x.placement());
                        }
                        assertThat(b.capacity().nodeLaunches()).as(where).isPositive();
                        compared++;
                    }
                }
            }
        }
        assertThat(compared).isGreaterThan(80);
    }
}
