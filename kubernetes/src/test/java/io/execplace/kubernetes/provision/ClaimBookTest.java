package io.execplace.kubernetes.provision;

import io.execplace.core.io.BadInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The instance type execplace claims for pending pods: the elastic model's finish-together buying. */
class ClaimBookTest {

    private static final long GIB = 1L << 30;

    /** The testbed's types (allocatable: vCPU less 100m, memory less 10 MiB) at its prices. */
    private static final List<InstanceShape> TYPES = List.of(
            shape("m5.large", 2, 8, 0.096), shape("m5.xlarge", 4, 16, 0.192), shape("m5.2xlarge", 8, 32, 0.384),
            shape("m5.4xlarge", 16, 64, 0.768), shape("c5.2xlarge", 8, 16, 0.34), shape("r5.2xlarge", 8, 64, 0.504));

    private static InstanceShape shape(String name, int cpus, int gib, double onDemand) {
        return new InstanceShape(name, cpus * 1000L - InstanceShape.RESERVED_CPU_MILLIS, gib * GIB - InstanceShape.RESERVED_MEMORY_BYTES,
                Map.of("on-demand", onDemand, "spot", onDemand * 0.7));
    }

    private static Supplier<String> names() {
        AtomicInteger n = new AtomicInteger();
        return () -> "c" + n.incrementAndGet();
    }

    private static List<String> pods(String app, int n) {
        return java.util.stream.IntStream.rangeClosed(1, n).mapToObj(i -> app + "-" + i).toList();
    }

    @Test
    void buysTheCheapestTypeThatHoldsThePendingExecutors() {
        ClaimBook book = new ClaimBook(TYPES, 120);
        // three 2-core executors: 6 cores; an m5.2xlarge (7.9) or c5.2xlarge (7.9, 16 GiB) holds them, the c5 is cheaper
        List<ClaimBook.Bought> bought = book.buy("a", 3, 0, 2000, 4 * GIB, "on-demand", 0, names());
        assertThat(bought).singleElement().satisfies(b -> {
            assertThat(b.type().name()).isEqualTo("c5.2xlarge");
            assertThat(b.pods()).isEqualTo(3);
            assertThat(b.cpuMillis()).isEqualTo(6000);
        });
        // one 1-core driver: an m5.large, not another share of a 4xlarge as Karpenter's batch would
        assertThat(new ClaimBook(TYPES, 120).buy("d", 1, 0, 1000, GIB, "on-demand", 0, names()))
                .singleElement().satisfies(b -> assertThat(b.type().name()).isEqualTo("m5.large"));
    }

    @Test
    void moreExecutorsThanTheLargestTypeHoldsGetSeveralClaims() {
        ClaimBook book = new ClaimBook(TYPES, 120);
        // 20 one-core executors: the largest type holds 15 (15.9 cores), the 5 left fit an m5.2xlarge (7.9) or c5.2xlarge
        List<ClaimBook.Bought> bought = book.buy("a", 20, 0, 1000, GIB, "on-demand", 0, names());
        assertThat(bought).extracting(b -> b.type().name()).containsExactly("m5.4xlarge", "c5.2xlarge");
        assertThat(bought).extracting(ClaimBook.Bought::pods).containsExactly(15, 5);
        assertThat(book.kept("a")).isEqualTo(20);
    }

    @Test
    void roomLeftOnAClaimStillLaunchingTakesTheNextApplicationFirst() {
        ClaimBook book = new ClaimBook(TYPES, 120);
        Supplier<String> names = names();
        book.buy("a", 5, 0, 1000, GIB, "on-demand", 0, names); // c5.2xlarge, 2.9 cores left
        assertThat(book.buy("b", 2, 0, 1000, GIB, "on-demand", 1, names)).isEmpty();
        assertThat(book.kept("b")).isEqualTo(2);
        // not on a claim of another capacity type
        assertThat(book.buy("s", 1, 0, 1000, GIB, "spot", 1, names)).singleElement()
                .satisfies(b -> assertThat(b.type().name()).isEqualTo("m5.large"));
        // pods already waiting are not bought for twice, whichever of them the next cycle sees
        assertThat(book.buy("a", 5, 0, 1000, GIB, "on-demand", 2, names)).isEmpty();
        assertThat(book.buy("a", 3, 0, 1000, GIB, "on-demand", 2, names)).isEmpty();
    }

    @Test
    void executorsComingOneByOneGetTheNodeSizedForAllOfThem() {
        ClaimBook book = new ClaimBook(TYPES, 120);
        Supplier<String> names = names();
        // four 5-core executors, seen one per cycle: the first buys for three (an m5.4xlarge holds 3), not one c5.2xlarge each
        assertThat(book.buy("e", 1, 3, 5000, 4 * GIB, "on-demand", 0, names)).singleElement().satisfies(b -> {
            assertThat(b.type().name()).isEqualTo("m5.4xlarge");
            assertThat(b.cpuMillis()).isEqualTo(15_000);
        });
        assertThat(book.buy("e", 2, 2, 5000, 4 * GIB, "on-demand", 1, names)).isEmpty();
        assertThat(book.buy("e", 3, 1, 5000, 4 * GIB, "on-demand", 2, names)).isEmpty();
        assertThat(book.buy("e", 4, 0, 5000, 4 * GIB, "on-demand", 3, names)).singleElement()
                .satisfies(b -> assertThat(b.type().name()).isEqualTo("c5.2xlarge"));
        // another application does not take the slots kept for e
        ClaimBook other = new ClaimBook(TYPES, 120);
        other.buy("e", 1, 2, 5000, 4 * GIB, "on-demand", 0, names);
        assertThat(other.buy("f", 1, 0, 5000, 4 * GIB, "on-demand", 0, names)).hasSize(1);
    }

    private static ClaimBook.Want want(String app, int pending, double runSeconds) {
        return new ClaimBook.Want(app, pending, 0, 1000, GIB, "on-demand", runSeconds);
    }

    @Test
    void applicationsWaitingTogetherAreBoughtForLongestRunFirst() {
        ClaimBook book = new ClaimBook(TYPES, 120);
        AtomicInteger n = new AtomicInteger();
        // offered short first: the long one's claim (five 1-core pods: a c5.2xlarge, 7.9 cores) is bought first and
        // the short one's two pods take 2 of its 2.9 cores left; the other way round the short one would buy an
        // m5.xlarge (3 pods) of its own, the long one take its one free slot and then buy a c5.2xlarge for 4
        ClaimBook.Purchase p = book.buyTogether(List.of(want("short", 2, 100), want("long", 5, 600)), 0, c -> "c" + n.incrementAndGet());
        assertThat(p.unheld()).isEmpty();
        assertThat(p.claims()).singleElement().satisfies(b -> {
            assertThat(b.type().name()).isEqualTo("c5.2xlarge");
            assertThat(b.slots()).containsEntry("long", 5).containsEntry("short", 2);
            assertThat(b.pods()).isEqualTo(7);
            assertThat(b.cpuMillis()).isEqualTo(7000);
        });
        assertThat(book.kept("short")).isEqualTo(2);
    }

    @Test
    void aRestThatEndsWithAClaimOfTheBatchMakesItLargerRatherThanBuyItsOwn() {
        AtomicInteger n = new AtomicInteger();
        // a: three 1-core pods for 600 s, an m5.xlarge ($0.192/h, 3.9 cores: full). b: three more.
        // Alone b buys another m5.xlarge: 0.192 x its run. Together a's claim becomes a c5.2xlarge (7.9 cores, $0.34/h):
        // 0.148 more over a's 600 s, 88.8 against b's 0.192 x 580 = 111.4: one claim
        ClaimBook.Purchase together = new ClaimBook(TYPES, 120)
                .buyTogether(List.of(want("a", 3, 600), want("b", 3, 580)), 0, c -> "c" + n.incrementAndGet());
        assertThat(together.claims()).singleElement().satisfies(b -> {
            assertThat(b.type().name()).isEqualTo("c5.2xlarge");
            assertThat(b.slots()).containsEntry("a", 3).containsEntry("b", 3);
        });
        // b running 300 s: 57.6 alone against 88.8 together, so it buys its own (the break-even is 462.5 s)
        ClaimBook.Purchase apart = new ClaimBook(TYPES, 120)
                .buyTogether(List.of(want("a", 3, 600), want("b", 3, 300)), 0, c -> "c" + n.incrementAndGet());
        assertThat(apart.claims()).extracting(b -> b.type().name()).containsExactly("m5.xlarge", "m5.xlarge");
        assertThat(apart.claims()).extracting(ClaimBook.Bought::slots).containsExactly(Map.of("a", 3), Map.of("b", 3));
        // a pod no type holds is reported, the rest bought
        ClaimBook.Purchase mixed = new ClaimBook(TYPES, 120).buyTogether(
                List.of(new ClaimBook.Want("big", 1, 0, 17_000, GIB, "on-demand", 900), want("a", 1, 10)), 0, c -> "c" + n.incrementAndGet());
        assertThat(mixed.unheld()).containsExactly("big");
        assertThat(mixed.claims()).singleElement().satisfies(b -> assertThat(b.type().name()).isEqualTo("m5.large"));
    }

    @Test
    void theBatchWindowClosesAfterIdleOrMaxSecondsAsKarpentersBatcher() {
        List<ClaimBook.Want> a = List.of(want("a", 1, 60));
        List<ClaimBook.Want> ab = List.of(want("a", 1, 60), want("b", 2, 60));
        BatchWindow window = new BatchWindow(1, 10);
        assertThat(window.gather(a, 0)).isFalse();
        assertThat(window.gather(a, 0.5)).isFalse();
        assertThat(window.gather(ab, 0.75)).isFalse(); // b joins: idle counts from 0.75
        assertThat(window.gather(ab, 1.5)).isFalse();
        assertThat(window.gather(ab, 1.75)).isTrue();
        // applications joining every 0.5 s keep it open until 10 s after it opened
        BatchWindow busy = new BatchWindow(1, 10);
        for (int i = 0; i < 20; i++) {
            assertThat(busy.gather(List.of(want("x" + i, 1, 60)), i * 0.5)).isFalse();
        }
        assertThat(busy.gather(List.of(want("x20", 1, 60)), 10)).isTrue();
        // nothing waiting: the window starts anew; idle 0 closes it at every cycle
        assertThat(busy.gather(List.of(), 10.5)).isFalse();
        assertThat(busy.gather(a, 11)).isFalse();
        assertThat(new BatchWindow(0, 0).gather(a, 0)).isTrue();
    }

    @Test
    void aClaimClosesWhenItsNodeTakesPodsOrItTimesOut() {
        ClaimBook book = new ClaimBook(TYPES, 120);
        Supplier<String> names = names();
        String first = book.buy("a", 1, 0, 1000, GIB, "on-demand", 0, names).get(0).name();
        book.buy("b", 15, 0, 1000, GIB, "on-demand", 100, names);
        assertThat(book.settle(Set.of(first), 110)).isEmpty();
        assertThat(book.kept("a")).isZero();
        assertThat(book.kept("b")).isEqualTo(15);
        assertThat(book.settle(Set.of(), 221)).hasSize(1);
        assertThat(book.kept("b")).isZero();
        assertThat(book.openClaims()).isEmpty();
    }

    @Test
    void aPodNoTypeHoldsIsNotBoughtFor() {
        ClaimBook book = new ClaimBook(TYPES, 120);
        assertThat(book.buy("big", 1, 0, 17_000, GIB, "on-demand", 0, names())).isNull();
        assertThat(book.buy("x", 1, 0, 1000, GIB, "reserved", 0, names())).isNull();
        assertThat(book.kept("big")).isZero();
    }

    @Test
    void readsTheKwokProvidersInstanceTypesAndNamesTheBadField(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("instance-types.json");
        Files.writeString(file, """
                [{"name": "m5.large", "resources": {"cpu": "2", "memory": "8Gi", "pods": "110"},
                  "offerings": [{"Price": 0.096, "Available": true, "Requirements": [{"key": "karpenter.sh/capacity-type", "operator": "In", "values": ["on-demand"]}]},
                                {"Price": 0.0672, "Available": true, "Requirements": [{"key": "karpenter.sh/capacity-type", "operator": "In", "values": ["spot"]}]}]}]
                """);
        assertThat(InstanceShape.read(file)).singleElement().satisfies(s -> {
            assertThat(s.allocatableCpuMillis()).isEqualTo(1900);
            assertThat(s.allocatableMemoryBytes()).isEqualTo(8 * GIB - (10L << 20));
            assertThat(s.pricePerHour()).containsEntry("spot", 0.0672).containsEntry("on-demand", 0.096);
        });
        Files.writeString(file, "[{\"name\": \"m5.large\", \"resources\": {\"cpu\": \"lots\", \"memory\": \"8Gi\"}, \"offerings\": []}]");
        assertThatThrownBy(() -> InstanceShape.read(file)).isInstanceOf(BadInputException.class)
                .hasMessageContaining("instance-types.json").hasMessageContaining("m5.large").hasMessageContaining("resources.cpu");
    }
}
