package io.execplace.schedulers;

import io.execplace.schedulers.spi.SchedulerContext;
import io.execplace.schedulers.heuristics.FirstFit;
import io.execplace.schedulers.heuristics.Gio;
import io.execplace.schedulers.spi.SchedulerFamilyFactory;
import io.execplace.schedulers.spi.SchedulerInfo;
import io.execplace.schedulers.spi.SchedulerRegistry;

import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.policy.PlacementPolicy;
import org.junit.jupiter.api.Test;
import java.util.List;
import io.execplace.schedulers.spi.SchedulerOptions;
import io.execplace.schedulers.lookahead.Lookahead;

import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SchedulersTest {

    private static final String BUILT_IN =
            "round-robin, round-robin-consolidate, first-fit, first-fit-fullest, gio, asq, aep, aep-spark, random, milp, milp-elastic, kube-default, kube-most, kube-spot, uniform-progress, uniform-progress-most, finish-together, finish-together-spot, finish-together-steady, finish-together-headroom, finish-together-overprovisioned, finish-together-overprovisioned-large, finish-together-protected-overprovisioned, finish-together-protected, kube-most-protected, finish-together-steady-protected, finish-together-patient, finish-together-patient-protected, lookahead";

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
        assertThatThrownBy(() -> Schedulers.builtIn().with("gio", "again", context -> new Gio()))
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
    void familiesAndLaterAdditionsExtendACopyOfTheRegistry() {
        SchedulerRegistry extended = Schedulers.builtIn()
                .withFamily("test-fixed", "VM", "every executor on VM number VM",
                        (argument, seed) -> new FixedVm(Integer.parseInt(argument)))
                .with("test-extra", "a later scheduler", context -> new FixedVm(0));
        assertThat(extended.names()).endsWith("lookahead", "test-extra");
        assertThat(extended.list()).extracting(SchedulerInfo::name).endsWith("test-extra", "test-fixed:VM");

        PlacementPolicy p = extended.create("test-fixed:2", 0);
        assertThat(p.name()).isEqualTo("test-fixed:2");
        assertThat(p.place(Fixtures.job(1, 2, 1, 1), null)).isEqualTo(Placement.of(2, 2));
        assertThatThrownBy(() -> extended.create("test-fixed:", 0)).hasMessageContaining("test-fixed:VM");
        assertThatThrownBy(() -> extended.create("nope:1", 0)).hasMessageContaining("test-fixed:VM");
        assertThat(extended.check(" Test-Extra ")).isEqualTo("test-extra");

        // The built-in registry is a value: the additions above never reach it.
        assertThat(String.join(", ", Schedulers.names())).isEqualTo(BUILT_IN);
        assertThatThrownBy(() -> Schedulers.create("test-extra", 0)).hasMessageContaining("unknown scheduler");
    }

    @Test
    void twoRegistriesDoNotLeakIntoEachOther() {
        SchedulerRegistry a = Schedulers.builtIn().with("only-a", "in a", context -> new FixedVm(0));
        SchedulerRegistry b = Schedulers.builtIn().with("only-b", "in b", context -> new FixedVm(1));
        assertThat(a.names()).contains("only-a").doesNotContain("only-b");
        assertThat(b.names()).contains("only-b").doesNotContain("only-a");
        assertThatThrownBy(() -> a.create("only-b", 0)).hasMessageContaining("unknown scheduler 'only-b'");
        // Both can add the same name independently; one registry refuses it twice.
        assertThat(b.with("only-a", "also in b", context -> new FixedVm(2)).names()).contains("only-a", "only-b");
        assertThatThrownBy(() -> a.with("ONLY-A", "again", context -> new FixedVm(0)))
                .hasMessageContaining("already registered");
    }

    @Test
    void familyArgumentsAreCheckedWithoutMakingAPolicy() {
        SchedulerRegistry r = SchedulerRegistry.empty().withFamily("vm", "N", "fixed VM",
                new SchedulerFamilyFactory() {
                    @Override
                    public PlacementPolicy create(String argument, SchedulerContext context) {
                        throw new AssertionError("check must not create a policy");
                    }

                    @Override
                    public void check(String argument) {
                        Integer.parseInt(argument);
                    }
                });
        assertThat(r.check("vm:3")).isEqualTo("vm:3");
        assertThatThrownBy(() -> r.check("vm:x")).isInstanceOf(NumberFormatException.class);
        assertThat(r.names()).isEmpty();
    }

    @Test
    void theClairvoyantReferenceIsMadeOnlyWithTheWorkloadAndIsNeverListed() {
        SchedulerRegistry r = Schedulers.builtIn();
        assertThat(r.check("Lookahead-Clairvoyant")).isEqualTo(Schedulers.CLAIRVOYANT);
        assertThat(r.names()).doesNotContain(Schedulers.CLAIRVOYANT);
        assertThat(r.list()).extracting(SchedulerInfo::name).doesNotContain(Schedulers.CLAIRVOYANT);
        assertThatThrownBy(() -> r.create(Schedulers.CLAIRVOYANT, 1)).hasMessageContaining("not a scheduler");
        assertThat(r.create(Schedulers.CLAIRVOYANT, 1, SchedulerOptions.defaults(), List.of(Fixtures.job(1, 2, 1, 1))))
                .isInstanceOf(Lookahead.class);
        assertThatThrownBy(() -> r.with(Schedulers.CLAIRVOYANT, "taken", context -> new Gio()))
                .hasMessageContaining("already registered");
        assertThatThrownBy(() -> r.withReference("gio", "taken", (context, jobs) -> new Gio()))
                .hasMessageContaining("already registered");
    }
}
