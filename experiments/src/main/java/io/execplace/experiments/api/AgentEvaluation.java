package io.execplace.experiments.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.execplace.core.metrics.HjsTarget;
import io.execplace.core.metrics.RunResult;
import io.execplace.core.metrics.RunSummary;
import io.execplace.core.model.Workload;
import io.execplace.core.sim.Simulation;
import io.execplace.experiments.env.AgentReplay;
import io.execplace.experiments.heldout.HeldOutSplit;
import io.execplace.experiments.scenario.EnvironmentSetup;
import io.execplace.rl.env.EpisodeStats;
import io.execplace.rl.train.Evaluation;
import io.execplace.rl.train.TrainedAgent;
import io.execplace.schedulers.spi.AgentCounts;
import io.execplace.schedulers.spi.AgentStatistics;
import io.execplace.schedulers.spi.DeciderName;
import io.execplace.schedulers.spi.SchedulerOptions;
import io.execplace.schedulers.spi.SchedulerRegistry;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A trained agent run as a scheduler, seed by seed, with its greedy episode in the environment and the
 * heuristics {@link #BESIDE} on the same workloads with the same queue order: what {@code execplace
 * evaluate} runs.
 */
public final class AgentEvaluation {

    /** The heuristics every evaluation shows beside the agent: fast, so no option is needed to see them. */
    public static final List<String> BESIDE = List.of("first-fit", "round-robin-consolidate", "gio");

    private AgentEvaluation() {
    }

    /**
     * The agent on one workload seed.
     *
     * @param seed    the workload's seed
     * @param summary the agent's run as a scheduler
     * @param target  HJS's Target of that run; null without deadline jobs
     * @param counts  the agent's fallbacks and holds
     * @param episode its greedy episode in the environment on the same workload
     * @param beside  each heuristic of {@link #BESIDE}'s run on the workload, in that order
     */
    public record SeedRun(long seed, RunSummary summary, Double target, AgentCounts counts, EpisodeStats episode,
                          Map<String, RunSummary> beside) {

        /** The record {@code evaluate --json} prints for the seed (keys: docs/formats.md). */
        public Map<String, Object> json() {
            Map<String, Object> rec = new LinkedHashMap<>();
            rec.put("seed", seed);
            rec.put("cost", summary.totalCost());
            rec.put("meanDuration", summary.meanDuration());
            rec.put("meanTurnaround", summary.meanTurnaround());
            rec.put("goodPlacements", summary.goodPlacements());
            rec.put("jobsWaited", summary.jobsWaited());
            rec.put("jobsDropped", summary.jobsDropped());
            rec.put("target", target);
            rec.put("fallbacks", counts.fallbacks());
            rec.put("holds", counts.holds());
            rec.put("episodeReturn", episode.totalReward());
            rec.put("episodeCompleted", episode.completed());
            Map<String, Object> heuristics = new LinkedHashMap<>();
            beside.forEach((name, h) -> {
                // Ordered: Map.of's iteration order changes from one JVM to the next.
                Map<String, Object> figures = new LinkedHashMap<>();
                figures.put("cost", h.totalCost());
                figures.put("meanTurnaround", h.meanTurnaround());
                figures.put("jobsDropped", h.jobsDropped());
                heuristics.put(name, figures);
            });
            rec.put("beside", heuristics);
            return rec;
        }
    }

    /**
     * An evaluation.
     *
     * @param label the setting's label (cluster and workload)
     * @param queue the queue order the agent was trained with, which every run used
     * @param seeds one run per workload seed
     */
    public record Result(String label, String queue, List<SeedRun> seeds) {
    }

    /** The setting the agent was trained on (tpds / tpds-normal when its file does not say). */
    public static EnvironmentSetup trainedOn(TrainedAgent agent) {
        JsonNode setup = agent.metadata().get("setup");
        if (setup != null && setup.hasNonNull("cluster") && setup.hasNonNull("workload")) {
            return EnvironmentSetup.fromJson(setup);
        }
        return EnvironmentSetup.tpds("tpds-normal", 1);
    }

    /**
     * Runs the agent (read from {@code agentName}) on {@code setting} with the workload seeds {@code first},
     * {@code first + 1}, ... ({@code count} of them), and the heuristics beside it.
     */
    public static Result run(SchedulerRegistry registry, TrainedAgent agent, String agentName, EnvironmentSetup setting,
                             long first, int count) {
        List<SeedRun> runs = new ArrayList<>();
        String label = null;
        String queue = null;
        for (int i = 0; i < count; i++) {
            long seed = first + i;
            EnvironmentSetup.Resolved r = setting.toBuilder().seed(seed).workloadSeeds(1).build().resolve(null);
            label = r.label();
            Workload workload = r.workloads().get(0);
            AgentReplay replay = AgentReplay.of(agent, agentName, r, workload);
            queue = replay.config().queue().name();
            RunResult run = Simulation.run(r.cluster(), workload, replay.scheduler(), replay.config());
            EpisodeStats episode = Evaluation.episode(replay.greedy(), replay.env(), 0);
            AgentCounts counts = ((AgentStatistics) replay.scheduler()).agentCounts();
            HjsTarget target = HjsTarget.of(run);
            Map<String, RunSummary> beside = new LinkedHashMap<>();
            for (String name : BESIDE) {
                beside.put(name, Simulation.run(r.cluster(), workload, registry.create(name, seed), replay.config()).summary());
            }
            runs.add(new SeedRun(seed, run.summary(), target == null ? null : target.target(), counts, episode, beside));
        }
        return new Result(label, queue, runs);
    }

    /**
     * The agent beside first-fit, round-robin-consolidate, gio and milp on its training workloads and on
     * {@code heldOut} held-out ones, every scheduler with the queue order the agent was trained with (an
     * agent for deadlines: EDF).
     */
    public static HeldOut.Evaluation heldOut(SchedulerRegistry registry, String agentName, EnvironmentSetup trainedOn,
                                             String queue, int heldOut) {
        String suffix = DeciderName.queueSuffix(queue);
        List<String> schedulers = new ArrayList<>();
        for (String name : List.of("first-fit", "round-robin-consolidate", "gio", "milp", agentName)) {
            schedulers.add(name + suffix);
        }
        HeldOutSplit split = HeldOutSplit.of(trainedOn.workload(), trainedOn.jobs(), trainedOn.seed(), trainedOn.workloadSeeds(),
                heldOut);
        return HeldOut.evaluate(registry, trainedOn.resolve(null).cluster(), trainedOn.cluster(), split, schedulers,
                SchedulerOptions.defaults());
    }
}
