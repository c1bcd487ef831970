package io.execplace.cli.command;

import io.execplace.experiments.api.SchedulerTuning;
import io.execplace.experiments.api.SimulationRequest;
import io.execplace.experiments.scenario.Scenario;
import io.execplace.schedulers.spi.SchedulerRegistry;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;


/** The options every command shares to describe a scenario: cluster, workload, rules, seed. */
public final class ScenarioOptions {

    /** The command these options are mixed into: its standard error takes what the workload's source has to say. */
    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    @Option(names = "--scenario", paramLabel = "NAME|FILE",
            description = "Built-in scenario (see 'execplace presets') or a scenario YAML file; the other options override it. Default: default.")
    public String scenario;

    @Option(names = "--cluster", paramLabel = "PRESET|FILE",
            description = "Cluster preset (tpds, tpds-code, hybrid-small, hybrid-large, c5) or a cluster YAML file.")
    public String cluster;

    @Option(names = "--pricing", paramLabel = "1|2|3|4|real", description = "HYB pricing model of the hybrid presets.")
    public String pricing;

    @Option(names = "--workload", paramLabel = "PRESET|FILE",
            description = "Workload preset (tpds-normal, tpds-burst, hybrid-light, hybrid-medium, hybrid-high, hybrid-day, hjs-60-100, "
                    + "..., hjs-40-20; see 'execplace presets') or a trace file (default: the scenario's; built in: hybrid-medium).")
    public String workload;

    @Option(names = "--format", paramLabel = "csv|tpds|hyb|swim", description = "Format of a workload trace file (detected when absent).")
    public String format;

    @Option(names = "--jobs", paramLabel = "N", description = "Number of jobs of a generated workload.")
    public Integer jobs;

    @Mixin
    public GeneratorOptions generator;

    @Option(names = "--queue", paramLabel = "fcfs|edf|edf-feasible|hjs-weight",
            description = "Queue order of waiting jobs (edf-feasible: EDF among deadline jobs that can still make it, then the rest; "
                    + "hjs-weight: HJS Eqs. 6-8; both re-ranked at every decision time).")
    public String queue;

    @Option(names = "--weight-lambda", paramLabel = "L",
            description = "Deadline weight lambda of --queue hjs-weight, 0..1 (default 0.5).")
    public Double weightLambda;

    @Option(names = "--admission", negatable = true,
            description = "Deadline admission: drop a job predicted to miss its deadline (HYB Eq. 15).")
    public Boolean admission;

    @Option(names = "--backfill", negatable = true,
            description = "Backfilling: later jobs may start while the queue head waits (not in the papers; off by default).")
    public Boolean backfill;

    @Option(names = "--billing", paramLabel = "exact|per-second|hourly",
            description = "Billing of VM busy time: exact seconds (papers), per second with 60 s minimum, or per started hour.")
    public String billing;

    @Option(names = "--type-penalty", paramLabel = "on|off|auto", description = "TPDS type-mismatch penalty x1.3 (auto: on for typed jobs).")
    public String typePenalty;

    @Option(names = "--hybrid-penalty", paramLabel = "on|off|auto", description = "HYB cloud penalty x1.3 (auto: on when the cluster has local VMs).")
    public String hybridPenalty;

    @Mixin
    public JobProfileOption jobProfile;

    @Option(names = "--seed", paramLabel = "N", description = "Seed (compare: the first seed).")
    public Long seed;

    /** The request these options describe, with {@code tuning} (milp's and lookahead's options); schedulers and seeds are the command's. */
    public SimulationRequest.Builder request(SchedulerTuning tuning) {
        return SimulationRequest.builder().scenario(scenario).cluster(cluster).pricing(pricing).workload(workload)
                .format(format).jobs(jobs).requests(generator.requests).deadlineTolerance(generator.deadlineTolerance)
                .meanGap(generator.meanGap).gaps(generator.gaps).deadlineShare(generator.deadlineShare)
                .deadlineSlack(generator.deadlineSlack).seed(seed).queue(queue)
                .weightLambda(weightLambda).admission(admission).backfill(backfill).billing(billing)
                .typePenalty(typePenalty).hybridPenalty(hybridPenalty).profile(jobProfile.file).tuning(tuning);
    }

    /** {@code --queue} with {@code --weight-lambda} folded in as {@code hjs-weight:λ}. */
    public String queueWithLambda() {
        return SimulationRequest.queueWithLambda(queue, weightLambda);
    }

    /**
     * Resolves the request ({@link SimulationRequest#resolve}) and tells the command's standard error
     * what an import of Spark event logs left out (unreadable logs, duplicates, torn lines, cut-short
     * applications).
     */
    public Scenario resolve(SchedulerRegistry registry, SimulationRequest request) {
        Scenario resolved = request.resolve(registry);
        if (mixee != null) {
            resolved.workloads().notes().forEach(mixee.commandLine().getErr()::println);
            mixee.commandLine().getErr().flush();
        }
        return resolved;
    }
}
