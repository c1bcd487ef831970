package io.execplace.experiments.study;

import io.execplace.core.model.ClusterPresets;
import io.execplace.core.model.PricingModel;
import io.execplace.core.rules.QueuePolicy;
import io.execplace.core.workload.WorkloadOptions;
import io.execplace.core.workload.WorkloadPresets;
import io.execplace.experiments.report.BarChartSpec;
import io.execplace.experiments.report.ChartFiles;
import io.execplace.experiments.report.ChartWriter;
import io.execplace.experiments.report.HtmlReport;
import io.execplace.experiments.report.ReportFigure;
import io.execplace.experiments.run.Comparison;
import io.execplace.experiments.run.Runner;
import io.execplace.experiments.run.SchedulerAggregate;
import io.execplace.experiments.scenario.Scenario;
import io.execplace.experiments.scenario.ScenarioInput;
import io.execplace.experiments.scenario.ScenarioRecipe;
import io.execplace.experiments.scenario.SimulationOptions;
import io.execplace.experiments.scenario.WorkloadSource;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code execplace reproduce elastic}: the spot study of elastic clusters. The same workloads run on
 * AWS m7g nodes priced and interrupted as published — on-demand only, spot and on-demand, and spot
 * and on-demand with an availability trace that takes the spot pool back every two hours on average —
 * under today's stack (kube-scheduler scoring, a Karpenter-like provisioner, the practitioners'
 * executors-on-spot rule), Can't Be Late's Uniform Progress and execplace's finish-together policies.
 * Workloads: {@code hybrid-medium} (deadlines that bite) and {@code hybrid-day} (10,000 jobs, loose
 * deadlines). EDF queue; seeds from {@code firstSeed} (held-out 1001 by default).
 */
public final class ElasticStudy extends ScenarioStudy {

    /**
     * Size of the study.
     *
     * @param seeds      seeds per cell
     * @param firstSeed  the first seed (1001: held out; the policies were tuned on 1-3)
     * @param mediumJobs jobs per {@code hybrid-medium} run
     * @param dayJobs    jobs per {@code hybrid-day} run
     */
    public record Settings(int seeds, long firstSeed, int mediumJobs, int dayJobs) {

        public Settings {
            if (seeds < 1 || mediumJobs < 1 || dayJobs < 1) {
                throw new IllegalArgumentException("seeds and job counts must be at least 1");
            }
            if (firstSeed < 0) {
                throw new IllegalArgumentException("the first seed must be >= 0, got " + firstSeed);
            }
        }

        public static Settings full() {
            return new Settings(5, 1001, 1000, 10_000);
        }

        public static Settings quick() {
            return new Settings(2, 1001, 300, 2000);
        }

        /** These settings with each given value (null: keep this one) in place of its own. */
        public Settings with(Integer seeds, Long firstSeed, Integer mediumJobs, Integer dayJobs) {
            return new Settings(seeds != null ? seeds : this.seeds, firstSeed != null ? firstSeed : this.firstSeed,
                    mediumJobs != null ? mediumJobs : this.mediumJobs, dayJobs != null ? dayJobs : this.dayJobs);
        }
    }

    /** The practitioners' rule: executors on spot, default scoring, Karpenter-like provisioning. */
    static final String PRACTITIONERS = "kube-spot";
    static final String UNIFORM_PROGRESS = "uniform-progress";
    static final String UNIFORM_PROGRESS_PACKING = "uniform-progress-most";
    /** execplace's policies; the cheaper of them per scenario is "execplace's best". */
    static final List<String> EXECPLACE = List.of("finish-together", "finish-together-spot");

    private static final List<String> ON_DEMAND_SCHEDULERS = List.of("kube-default", "kube-most", "finish-together",
            "finish-together-spot");
    private static final List<String> SPOT_SCHEDULERS = List.of("kube-default", PRACTITIONERS, "kube-most",
            UNIFORM_PROGRESS, UNIFORM_PROGRESS_PACKING, "finish-together", "finish-together-spot");
    static final String ON_DEMAND = "elastic-ondemand-published";
    static final List<String> SPOT_CLUSTERS = List.of("elastic-spot-published", "elastic-spot-published-trace");
    static final List<String> WORKLOADS = List.of("hybrid-medium", "hybrid-day");

    private final Settings settings;
    /** The clusters' name suffix: {@link ClusterPresets#DRIVERS} when every application runs a driver pod. */
    private final String drivers;

    public ElasticStudy(Settings settings, Runner runner) {
        this(settings, runner, false);
    }

    /**
     * @param drivers every application runs a driver pod on the pools (the {@code +drivers} presets:
     *                docs/elastic.md, "Driver pods"); false for the study as published
     */
    public ElasticStudy(Settings settings, Runner runner, boolean drivers) {
        super(runner);
        this.settings = settings;
        this.drivers = drivers ? ClusterPresets.DRIVERS : "";
    }

    /** The on-demand-only cluster of this study, with driver pods when asked. */
    String onDemand() {
        return ON_DEMAND + drivers;
    }

    /** The spot clusters of this study, with driver pods when asked. */
    List<String> spotClusters() {
        return SPOT_CLUSTERS.stream().map(c -> c + drivers).toList();
    }

    /** The scenario name of a cluster and workload. */
    static String key(String cluster, String workload) {
        return cluster + "/" + workload;
    }

    private int jobs(String workload) {
        return workload.equals("hybrid-day") ? settings.dayJobs() : settings.mediumJobs();
    }

    /** Every scenario of the study, in report order: per workload, on-demand only first. */
    @Override
    public List<Scenario> scenarios() {
        List<Scenario> out = new ArrayList<>();
        for (String workload : WORKLOADS) {
            out.add(scenario(onDemand(), workload, ON_DEMAND_SCHEDULERS));
            for (String cluster : spotClusters()) {
                out.add(scenario(cluster, workload, SPOT_SCHEDULERS));
            }
        }
        return out;
    }

    private Scenario scenario(String cluster, String workload, List<String> schedulers) {
        int jobs = jobs(workload);
        WorkloadOptions base = WorkloadOptions.seed(0).withJobs(jobs);
        WorkloadSource source = WorkloadSource.of(workload + " (" + jobs + " jobs)",
                seed -> WorkloadPresets.generate(workload, base.withSeed(seed)));
        List<Long> seeds = new ArrayList<>();
        for (int i = 0; i < settings.seeds(); i++) {
            seeds.add(settings.firstSeed() + i);
        }
        String from = "reproduce elastic";
        ScenarioInput in = ScenarioInput.empty().with("cluster", cluster, from, 0).with("workload", workload, from, 0)
                .with("jobs", jobs, from, 0).with("queue", QueuePolicy.EDF.name(), from, 0);
        return Scenario.builder().name(key(cluster, workload))
                .cluster(ClusterPresets.byName(cluster, PricingModel.MODEL_1)).workloads(source).schedulers(schedulers)
                .seeds(seeds).options(SimulationOptions.defaults().withQueue(QueuePolicy.EDF))
                .recipe(new ScenarioRecipe(in, null)).build();
    }

    /** The report; the outcome is the goals table (execplace's best against the practitioners' rule and Uniform Progress). */
    @Override
    protected StudyOutcome report(List<Comparison> comparisons, Path charts, Path index) throws IOException {
        Map<String, List<SchedulerAggregate>> results = new LinkedHashMap<>();
        for (Comparison c : comparisons) {
            results.put(c.scenario().name(), SchedulerAggregate.of(c));
        }
        ElasticTables tables = new ElasticTables(results, comparisons, onDemand(), spotClusters(), !drivers.isEmpty());
        String seeds = settings.seeds() == 1 ? "one seed, " + settings.firstSeed()
                : "mean ± sd over seeds " + settings.firstSeed() + "-" + (settings.firstSeed() + settings.seeds() - 1);
        HtmlReport.Builder report = HtmlReport.builder("execplace reproduce elastic: spot capacity under deadlines")
                .intro("AWS m7g.xlarge/2xlarge/4xlarge in us-east-1 as published (on-demand 0.1632/0.3264/0.6528 $/h; "
                        + "Spot Instance Advisor: 62/64/62 % cheaper on spot, interruptions 5-10 % a month), launch "
                        + "60-120 s, per-second billing with a 60 s minimum, empty nodes removed after 60 s, 400 cores "
                        + "per pool. The trace variant takes the whole spot pool back at Poisson times, every 2 hours on "
                        + "average (a stress case, not a published rate). EDF queue; " + seeds + ".")
                .intro("kube-spot is the practitioners' rule (executors on spot by a preferred node affinity, default "
                        + "scoring, Karpenter-like provisioning)" + (drivers.isEmpty()
                        ? "; without driver pods (--drivers models them) its other half, drivers on on-demand, is not "
                        + "modelled." : " with its other half, drivers on on-demand: every application runs a driver "
                        + "pod (Spark's default request), and a driver's node taken back restarts its application.")
                        + " Missed deadlines in % of jobs.");
        report.section("Goals", s -> s
                .paragraph("execplace's best policy (the cheaper of " + String.join(", ", EXECPLACE) + ") against the "
                        + "practitioners' rule (goal: at least 15 % cheaper) and Uniform Progress (at least 10 % cheaper), "
                        + "each at equal or fewer missed deadlines; and its saving against the cheapest on-demand-only "
                        + "policy (published: 27-84 % for Can't Be Late, 60-90 % for teams running Spark on spot).")
                .table(ElasticTables.GOALS_HEADER, tables.goalRows()));
        for (String workload : WORKLOADS) {
            for (String cluster : concat(onDemand(), spotClusters())) {
                String key = key(cluster, workload);
                ChartFiles chart = ChartWriter.write(BarChartSpec.of("Node cost, " + key, "$",
                        tables.schedulers(key), tables.costSeries(key)), charts, key.replace('/', '-').replace('+', '-'));
                report.section(cluster + ", " + workload + " (" + jobs(workload) + " jobs)", s -> s
                        .table(tables.header(), tables.rows(key))
                        .figure(ReportFigure.of(chart, index, "Node cost per policy, " + key)));
            }
        }
        report.build().write(index);
        return StudyOutcome.of(index, "").table("reproduce elastic: execplace's best against the practitioners' rule "
                + "and Uniform Progress (" + seeds + "; every scenario: the report)", ElasticTables.GOALS_HEADER,
                tables.goalRows());
    }

    private static List<String> concat(String first, List<String> rest) {
        List<String> all = new ArrayList<>();
        all.add(first);
        all.addAll(rest);
        return all;
    }
}
