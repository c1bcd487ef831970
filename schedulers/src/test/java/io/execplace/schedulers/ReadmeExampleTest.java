package io.execplace.schedulers;

import io.execplace.schedulers.spi.SchedulerRegistry;

import io.execplace.core.metrics.RunResult;
import io.execplace.core.model.ClusterPresets;
import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.model.Workload;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.core.sim.Simulation;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.core.workload.WorkloadOptions;
import io.execplace.core.workload.WorkloadPresets;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Comparator;

import static org.assertj.core.api.Assertions.assertThat;

/** The "Adding a scheduler" example of docs/guide.md, verbatim, so it keeps compiling and working. */
class ReadmeExampleTest {

    static final class CheapestFirst implements PlacementPolicy {
        public String name() { return "cheapest-first"; }

        public Placement place(Job job, ClusterView view) {
            Integer[] vms = new Integer[view.vmCount()];
            for (int i = 0; i < vms.length; i++) vms[i] = i;
            Arrays.sort(vms, Comparator.comparingDouble(v -> view.vm(v).pricePerSecond()));
            int[] out = new int[job.executors()];
            int placed = 0;
            for (int vm : vms) {
                int fit = view.executorsThatFit(vm, job.coresPerExecutor(), job.memoryGbPerExecutor());
                for (int k = 0; k < fit && placed < out.length; k++) out[placed++] = vm;
            }
            return placed == out.length ? Placement.wrap(out) : Placement.none();
        }
    }

    @Test
    void registeredExampleRunsLikeAnyScheduler() {
        SchedulerRegistry registry = Schedulers.builtIn()
                .with("cheapest-first", "cheapest VMs first, packed", context -> new CheapestFirst());
        assertThat(registry.names()).contains("cheapest-first");
        var cluster = ClusterPresets.tpds();
        Workload w = WorkloadPresets.generate("tpds-normal", WorkloadOptions.seed(1));
        RunResult r = Simulation.run(cluster, w, registry.create("cheapest-first", 1), SimulationConfig.defaults(cluster, w));
        assertThat(r.summary().jobsCompleted()).isEqualTo(50);
        // The first job always lands on the cheapest VM, an m1.large.
        assertThat(r.jobs().get(0).placement().vm(0)).isZero();
        assertThat(r.vms().get(0).used()).isTrue();
    }
}
