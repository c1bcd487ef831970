package io.execplace.experiments.study;

import io.execplace.core.metrics.JobRecord;
import io.execplace.core.metrics.RunResult;
import io.execplace.experiments.report.ScheduleTimeline;
import io.execplace.experiments.run.Comparison;
import io.execplace.experiments.run.Runner;
import io.execplace.experiments.run.SchedulerAggregate;
import io.execplace.experiments.scenario.Scenario;
import io.execplace.experiments.scenario.ScenarioFiles;
import io.execplace.experiments.scenario.ScenarioResolver;
import io.execplace.schedulers.Schedulers;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** The compare report: every table and figure present, only embedded images or files that exist, a true headline. */
class ComparisonReportTest {

    @TempDir
    static Path dir;

    private static Comparison comparison;
    private static Path index;
    private static String html;

    @BeforeAll
    static void writeReport() throws IOException {
        Path yaml = dir.resolve("small.yaml");
        Files.writeString(yaml, """
                name: small
                cluster: hybrid-small
                pricing: "1"
                workload: hybrid-light
                jobs: 80
                meanGap: 70
                deadlineTolerance: 0
                schedulers: [round-robin, first-fit, gio, asq]
                queue: edf
                seed: 1
                seeds: 2
                """);
        Scenario scenario = new ScenarioResolver(Schedulers.builtIn()).resolve(ScenarioFiles.read(yaml), dir);
        comparison = new Runner(Schedulers.builtIn(), 2).run(scenario, (done, total, cell) -> {
        });
        index = ComparisonReport.write(comparison, dir.resolve("out"));
        html = Files.readString(index);
    }

    @Test
    void referencesOnlyEmbeddedImagesAnchorsAndFilesThatExist() {
        Matcher m = Pattern.compile("(?:src|href)=\"([^\"]*)\"").matcher(html);
        int images = 0;
        while (m.find()) {
            String url = m.group(1);
            if (url.startsWith("data:image/")) {
                images++;
            } else if (!url.startsWith("#")) {
                assertThat(url).doesNotContain("://").doesNotStartWith("/");
                assertThat(index.getParent().resolve(url.replace("%20", " "))).as(url).isRegularFile();
            }
        }
        assertThat(html.contains("<img src=\"charts/")).as("an image not embedded").isFalse();
        assertThat(images).isEqualTo(countOf("<figure"));
    }

    @Test
    void containsEveryTableAndFigure() {
        for (String header : List.of("cost (price units)", "cost / bound", "deadline met %", "Target",
                "mean turnaround s", "jobs dropped", "jobs waited", "good placements", "delay median µs", "delay p99 µs")) {
            assertThat(html.contains(">" + header + "</th>")).as(header).isTrue();
        }
        // cost vs deadline-met, cost vs turnaround, two timelines, utilisation, six bar charts (HJS Target
        // among them: the workload has deadlines), cumulative cost
        assertThat(countOf("<figure")).isEqualTo(12);
        for (String caption : List.of("Cost against deadline-met %", "Cost against mean job turnaround",
                "Schedule timeline of round-robin (Spark's default)", "Cores in use over time",
                "Total VM cost per scheduler", "HJS Target (Eq. 5: cost and deadline success)",
                "Cumulative VM cost over time")) {
            assertThat(html.contains(caption.replace("'", "&#39;"))).as(caption).isTrue();
        }
        assertThat(countOf("<tbody>")).isEqualTo(2);
        assertThat(countOf("<tr>")).isEqualTo(2 * (1 + 4));
    }

    @Test
    void headlineNamesTheCheapestSchedulerThatRunsEveryJobAndItsSaving() {
        List<SchedulerAggregate> aggs = SchedulerAggregate.of(comparison);
        SchedulerAggregate best = Headline.best(aggs).orElseThrow();
        SchedulerAggregate rr = aggs.stream().filter(a -> a.scheduler().equals("round-robin")).findFirst().orElseThrow();
        for (SchedulerAggregate a : aggs) {
            if (a.jobsDropped().mean() <= rr.jobsDropped().mean()) {
                assertThat(best.totalCost().mean()).isLessThanOrEqualTo(a.totalCost().mean());
            }
        }
        assertThat(best.scheduler()).isNotEqualTo("asq"); // asq drops jobs that fit neither site alone
        String headline = Headline.of(aggs, "price units").orElseThrow();
        long saving = Math.round(100 * (1 - best.totalCost().mean() / rr.totalCost().mean()));
        assertThat(headline).startsWith(best.scheduler() + " is the cheapest scheduler that runs every job")
                .contains("Spark's default (round-robin spread)")
                .containsPattern("\\b(" + (saving - 1) + "|" + saving + "|" + (saving + 1) + ")% less");
        assertThat(html.contains("<p class=\"headline\">" + headline.replace("'", "&#39;"))).as(headline).isTrue();
    }

    @Test
    void timelineDrawsOneBarPerExecutorOfTheWindow() throws IOException {
        RunResult run = comparison.firstSeedRuns().get("gio");
        double until = ScheduleTimeline.window(run);
        int executors = 0;
        for (JobRecord r : run.jobs()) {
            if (r.completed() && r.start() < until) {
                executors += r.placement().executors();
            }
        }
        String svg = ScheduleTimeline.svg(run, until, "t", "price units");
        assertThat(executors).isPositive();
        assertThat(countIn(svg, "<title>job ")).isEqualTo(executors);
        assertThat(svg).contains("time (minutes)").contains(">0</text>");
    }

    private static int countOf(String s) {
        return countIn(html, s);
    }

    private static int countIn(String text, String s) {
        int n = 0;
        for (int i = text.indexOf(s); i >= 0; i = text.indexOf(s, i + 1)) {
            n++;
        }
        return n;
    }
}
