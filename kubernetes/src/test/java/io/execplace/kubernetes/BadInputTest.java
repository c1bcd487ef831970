package io.execplace.kubernetes;

import io.execplace.core.io.InputFileException;
import io.execplace.kubernetes.mock.Harness;
import io.execplace.kubernetes.mock.ManualClock;
import io.execplace.kubernetes.mock.MockCluster;
import io.execplace.kubernetes.pricing.PriceTable;
import io.execplace.kubernetes.run.CycleReport;
import io.execplace.kubernetes.run.Decision;
import io.execplace.kubernetes.run.KubernetesScheduler;
import io.execplace.schedulers.heuristics.FirstFit;
import io.fabric8.kubernetes.api.model.Event;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Every kind of bad input is reported (log line and Event) and the rest keeps working. */
class BadInputTest {

    @Test
    void nodesWithMissingOrUnknownPricesAreSkippedAndReported() {
        try (MockCluster c = new MockCluster()) {
            c.node("a-no-type", null, 8, 32);
            c.node("b-unknown", "m9.huge", 8, 32);
            c.node("c-bad-site", "small", 8, 32, Map.of("execplace.io/site", "moon"));
            c.node("d-override", "m9.huge", 4, 16, Map.of(), Map.of("execplace.io/price-per-hour", "0.02"));
            c.node("e-bad-price", "small", 8, 32, Map.of(), Map.of("execplace.io/price-per-hour", "cheap"));
            c.node("f-good", "small", 4, 16);
            c.executor("spark", "a", 1, "2", "2Gi");
            c.executor("spark", "a", 2, "2", "2Gi");
            try (KubernetesScheduler s = Harness.start(c, new FirstFit(), Harness.settings().build(), new ManualClock(Harness.START))) {
                Harness.awaitPodCount(s, 2);
                Harness.awaitNodeCount(s, 6);
                CycleReport r = s.scheduleOnce();
                // first-fit turns on the cheapest node first: the annotated one (0.02/h), then f-good.
                assertThat(r.bound()).extracting(Decision::node).containsExactly("d-override", "d-override");
                List<Event> events = Harness.events(s, c, "default");
                assertThat(events).filteredOn(e -> "BadNodeLabels".equals(e.getReason()))
                        .extracting(e -> e.getInvolvedObject().getName())
                        .containsExactlyInAnyOrder("a-no-type", "b-unknown", "c-bad-site", "e-bad-price");
                assertThat(events).filteredOn(e -> "b-unknown".equals(e.getInvolvedObject().getName()))
                        .singleElement().extracting(Event::getMessage).asString().contains("'m9.huge' is not in the price table");
                // Reported once, not on every cycle.
                s.scheduleOnce();
                assertThat(Harness.events(s, c, "default")).filteredOn(e -> "BadNodeLabels".equals(e.getReason())).hasSize(4);
            }
        }
    }

    @Test
    void aPodLargerThanAnyNodeIsReportedAndDoesNotBlockTheQueue() {
        try (MockCluster c = new MockCluster()) {
            c.node("n1", "small", 4, 16);
            c.executor("spark", "big", 1, "16", "4Gi");
            c.executor("spark", "small", 1, "1", "1Gi");
            try (KubernetesScheduler s = Harness.start(c, new FirstFit(), Harness.settings().build(), new ManualClock(Harness.START))) {
                Harness.awaitPodCount(s, 2);
                CycleReport r = s.scheduleOnce();
                assertThat(r.bound()).extracting(Decision::pod).containsExactly("spark/small-exec-1");
                assertThat(r.unschedulable()).singleElement().asString().contains("more than any node has allocatable");
                List<Event> events = Harness.events(s, c, "spark");
                assertThat(events).filteredOn(e -> "PodTooLarge".equals(e.getReason())).singleElement()
                        .extracting(e -> e.getInvolvedObject().getName()).isEqualTo("big-exec-1");
                assertThat(Harness.unschedulable(c.client.pods().inNamespace("spark").withName("big-exec-1").get())).isTrue();
            }
        }
    }

    @Test
    void malformedAnnotationsFallBackToDefaultsAndAreReported() {
        try (MockCluster c = new MockCluster()) {
            c.node("n1", "small", 4, 16);
            c.driver("spark", "a", Map.of("execplace.io/executors", "many"));
            c.executor("spark", "a", 1, "1", "1Gi", "execplace", Map.of("execplace.io/expected-duration-seconds", "soon",
                    "execplace.io/job-type", "etl", "execplace.io/deadline", "tomorrow"));
            try (KubernetesScheduler s = Harness.start(c, new FirstFit(), Harness.settings().build(), new ManualClock(Harness.START))) {
                Harness.awaitPodCount(s, 2);
                assertThat(s.scheduleOnce().bound()).hasSize(1);
                List<Event> events = Harness.events(s, c, "spark");
                assertThat(events).filteredOn(e -> "BadAnnotation".equals(e.getReason())).extracting(Event::getMessage)
                        .hasSize(4)
                        .anySatisfy(m -> assertThat(m).contains("execplace.io/executors").contains("'many'"))
                        .anySatisfy(m -> assertThat(m).contains("expected-duration-seconds").contains("default 600.0 s"))
                        .anySatisfy(m -> assertThat(m).contains("job-type"))
                        .anySatisfy(m -> assertThat(m).contains("deadline"));
            }
        }
    }

    @Test
    void aMalformedPriceTableNamesFileLineAndField() {
        assertThatThrownBy(() -> PriceTable.parse("version: 1\npricesPerHour:\n  m5.xlarge: 0.192\n  m5.2xlarge: lots\n", "prices.yaml"))
                .isInstanceOf(InputFileException.class)
                .hasMessage("prices.yaml line 4, field 'pricesPerHour.m5.2xlarge': expected a price per hour (a number >= 0), got 'lots'");
        assertThatThrownBy(() -> PriceTable.parse("version: 2\npricesPerHour:\n  a: 1\n", "p.yaml"))
                .hasMessage("p.yaml line 1, field 'version': expected 1, got '2'");
        assertThatThrownBy(() -> PriceTable.parse("pricesPerHour:\n  a: -1\n", "p.yaml"))
                .hasMessage("p.yaml line 2, field 'pricesPerHour.a': expected a price per hour >= 0, got -1");
        assertThatThrownBy(() -> PriceTable.parse("pricesPerHour:\n  a: 1\n", "p.yaml"))
                .hasMessage("p.yaml field 'version': missing (write 'version: 1' as the first line)");
        assertThatThrownBy(() -> PriceTable.parse("version: 1\nprices: {}\n", "p.yaml"))
                .hasMessage("p.yaml line 2, field 'prices': unknown field (expected version, currency, pricesPerHour, spotPricesPerHour)");
        assertThatThrownBy(() -> PriceTable.parse("version: 1\npricesPerHour:\n  a: 1\n  a: 2\n", "p.yaml"))
                .hasMessage("p.yaml line 4, field 'pricesPerHour.a': instance type listed twice");
        assertThatThrownBy(() -> PriceTable.parse("version: 1\npricesPerHour: [\n", "p.yaml"))
                .isInstanceOf(InputFileException.class).hasMessageStartingWith("p.yaml line");
        PriceTable ok = PriceTable.parse("version: 1\ncurrency: EUR\npricesPerHour:\n  m5.xlarge: 0.192\n  m5.2xlarge: 1\n", "p.yaml");
        assertThat(ok.pricesPerHour()).containsExactly(Map.entry("m5.xlarge", 0.192), Map.entry("m5.2xlarge", 1.0));
        assertThat(ok.pricePerSecond("m5.xlarge")).hasValue(0.192 / 3600);
        assertThat(ok.currency()).isEqualTo("EUR");
    }
}
