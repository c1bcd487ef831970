package io.execplace.schedulers;

import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.policy.PlacementPolicy;
import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SchedulersTest {

    private static final String BUILT_IN =
            "round-robin, round-robin-consolidate, first-fit, gio, asq, aep, random, milp, lookahead";

    @Test
    void listsTheBuiltInSchedulersInOrder() {
        assertThat(String.join(", ", Schedulers.names())).isEqualTo(BUILT_IN);
        assertThat(Schedulers.list()).extracting(SchedulerInfo::name).containsExactlyElementsOf(Schedulers.names());
        assertThat(Schedulers.list()).allSatisfy(info -> assertThat(info.description()).isNotBlank());
    }

    @Test
    void createsAFreshPolicyNamedAsAskedEachTime() {
        for (String name : Schedulers.names()) {
            PlacementPolicy a = Schedulers.create(name, 1);
            PlacementPolicy b = Schedulers.create(name, 1);
            assertThat(a.name()).isEqualTo(name);
            assertThat(a).isNotSameAs(b);
        }
        assertThat(Schedulers.create(" First-Fit ", 0)).isInstanceOf(FirstFit.class);
    }

    @Test
    void unknownNameListsTheKnownOnes() {
        assertThatThrownBy(() -> Schedulers.create("best-fit", 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'best-fit'")
                .hasMessageContaining(BUILT_IN);
        assertThatThrownBy(() -> Schedulers.create(null, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Schedulers.register("gio", "again", seed -> new Gio()))
                .hasMessageContaining("already registered");
    }

    /** Every executor on the VM whose number follows the colon. */
    private record FixedVm(int vm) implements PlacementPolicy {
        @Override
        public String name() {
            return "test-fixed:" + vm;
        }

        @Override
        public Placement place(Job job, ClusterView view) {
            int[] vms = new int[job.executors()];
            Arrays.fill(vms, vm);
            return Placement.wrap(vms);
        }
    }

    @Test
    void familiesAndLaterRegistrationsExtendTheRegistry() {
        // The registry is global: remove the throw-away entries so other tests never see them.
        try {
            Schedulers.registerFamily("test-fixed", "VM", "every executor on VM number VM",
                    (argument, seed) -> new FixedVm(Integer.parseInt(argument)));
            Schedulers.register("test-extra", "a later scheduler", seed -> new FixedVm(0));
            assertThat(Schedulers.names()).endsWith("lookahead", "test-extra");
            assertThat(Schedulers.list()).extracting(SchedulerInfo::name).endsWith("test-extra", "test-fixed:VM");

            PlacementPolicy p = Schedulers.create("test-fixed:2", 0);
            assertThat(p.name()).isEqualTo("test-fixed:2");
            assertThat(p.place(Fixtures.job(1, 2, 1, 1), null)).isEqualTo(Placement.of(2, 2));
            assertThatThrownBy(() -> Schedulers.create("test-fixed:", 0)).hasMessageContaining("test-fixed:VM");
            assertThatThrownBy(() -> Schedulers.create("nope:1", 0)).hasMessageContaining("test-fixed:VM");
        } finally {
            Schedulers.unregister("test-fixed");
            Schedulers.unregister("test-extra");
        }
        assertThat(String.join(", ", Schedulers.names())).isEqualTo(BUILT_IN);
    }
}
