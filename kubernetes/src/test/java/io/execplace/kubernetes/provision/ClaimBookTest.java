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
