package io.execplace.experiments.whatif;

import io.execplace.core.metrics.RunResult;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.core.progress.ProgressListener;
import io.execplace.core.rules.DurationModel;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.core.sim.Simulation;
import io.execplace.eventlogs.ApplicationReplay;
import io.execplace.eventlogs.EventLogImport;
import io.execplace.eventlogs.HostMap;
import io.execplace.eventlogs.ImportReport;
import io.execplace.eventlogs.LoggedPlacement;
import io.execplace.eventlogs.PodNodes;
import io.execplace.schedulers.Schedulers;
import io.execplace.schedulers.spi.SchedulerRegistry;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** The applications of Spark event logs as they were placed and under each scheduler: what {@code execplace whatif} runs. */
public final class WhatIf {

    private WhatIf() {
    }

    /**
     * The replays and what they tell.
     *
     * @param findings savings, headline, what the import left out and what was assumed
     * @param imported the applications as imported
     * @param runs     every replay's run, {@code actual} first (for schedule traces)
     */
    public record Outcome(WhatIfFindings findings, EventLogImport.Imported imported, List<RunResult> runs) {
        public Outcome {
            runs = List.copyOf(runs);
        }
    }

    /** The number of replays a request makes: {@code actual}, each scheduler, and the elastic policies on each pool. */
    public static long replays(WhatIfRequest request) {
        return 1L + request.schedulers().size() + (long) request.pools().size() * Schedulers.ELASTIC_POLICIES.size();
    }

    /** Reads the logs and replays them; {@code progress} is told each finished replay by its scheduler's name. */
    public static Outcome run(SchedulerRegistry registry, WhatIfRequest request, ProgressListener progress) throws IOException {
        Cluster c = request.cluster();
        HostMap table = request.hosts() != null ? HostMap.read(request.hosts(), c) : null;
        PodNodes podNodes = request.pods() != null ? PodNodes.read(request.pods()) : null;
        EventLogImport.Read read = EventLogImport.read(request.eventLogs());
        int podsUnknown = podNodes == null ? 0 : podNodes.apply(read.applications());
        EventLogImport.Imported imported = EventLogImport.workload(read.applications(), EventLogImport.Unit.EXECUTORS,
                read.report());
        HostMap map = table != null ? table : HostMap.byOrder(LoggedPlacement.hosts(imported), c);
        SimulationConfig config = SimulationConfig.defaults(c, imported.workload()).withBilling(request.billing());
        if (!request.penalties()) {
            config = config.withDurationModel(DurationModel.none());
        }
        // 'actual' replays the executors as they were held, to the millisecond; the schedulers place the
        // groups that came together (which book a little more: conservative for their savings).
        EventLogImport.Imported logged = EventLogImport.asLogged(imported);
        List<PlacementPolicy> policies = new ArrayList<>();
        policies.add(new LoggedPlacement(logged, map));
        for (String n : request.schedulers()) {
            policies.add(registry.create(n, 1));
        }
        long total = replays(request);
        List<RunResult> runs = new ArrayList<>();
        List<ApplicationReplay> results = new ArrayList<>();
        for (PlacementPolicy p : policies) {
            EventLogImport.Imported replayed = p instanceof LoggedPlacement ? logged : imported;
            RunResult run = Simulation.run(c, replayed.workload(), p, config);
            runs.add(run);
            results.add(new ApplicationReplay(run, replayed));
            progress.advanced(runs.size(), total, p.name());
        }
        // A driver is an application's: on pools with driver pods each application is one job, its executors
        // a demand over time as logged (the import by executors makes a job of every group, the driver's too).
        EventLogImport.Imported whole = request.pools().stream().anyMatch(e -> e.pools().drivers() != null)
                ? EventLogImport.workload(read.applications(), EventLogImport.Unit.DYNAMIC, new ImportReport()) : null;
        for (Cluster elastic : request.pools()) {
            // The pools bill node lifetimes; the run's durations follow the same rule as above.
            EventLogImport.Imported replayed = elastic.pools().drivers() == null ? imported : whole;
            SimulationConfig onPools = SimulationConfig.defaults(elastic, replayed.workload())
                    .withDurationModel(config.durationModel());
            for (String n : Schedulers.ELASTIC_POLICIES) {
                PlacementPolicy p = new OnPools(registry.create(n, 1), elastic.name());
                RunResult run = Simulation.run(elastic, replayed.workload(), p, onPools);
                runs.add(run);
                results.add(new ApplicationReplay(run, replayed));
                progress.advanced(runs.size(), total, p.name());
            }
        }
        WhatIfFindings findings = new WhatIfFindings(results, imported, read.report());
        for (RunResult run : runs) {
            if (run.cluster().isElastic()) {
                findings.onPools(run.summary().scheduler());
            }
        }
        if (whole != null) {
            findings.assume("on pools with driver pods each application runs whole: one driver pod (Spark's default "
                    + "request) from its start to its end, its executors as many as the log shows at each moment");
        }
        findings.kubernetes(request.pods(), podsUnknown);
        findings.hosts(map, request.hosts(), c);
        if (!request.penalties()) {
            findings.assume("every application keeps its logged duration wherever it runs (--penalties applies the papers' "
                    + "model)");
        }
        return new Outcome(findings, imported, runs);
    }

    /** A policy run on elastic pools, named with them so that its row says where it ran. */
    private record OnPools(PlacementPolicy policy, String pools) implements PlacementPolicy {
        @Override
        public String name() {
            return policy.name() + " on " + pools;
        }

        @Override
        public Placement place(Job job, ClusterView view) {
            return policy.place(job, view);
        }

        @Override
        public String neverPlaces(Job job, Cluster cluster) {
            return policy.neverPlaces(job, cluster);
        }
    }
}
