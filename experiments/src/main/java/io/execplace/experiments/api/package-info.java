/**
 * The library API of runs on scenarios, which the command line and the Python package both call:
 * {@link io.execplace.experiments.api.Simulations#simulate} (one scheduler, one seed), {@link
 * io.execplace.experiments.api.Simulations#compare} (schedulers × seeds, with the results folder) and
 * {@link io.execplace.experiments.api.HeldOut#run} (training against held-out workloads), {@link
 * io.execplace.experiments.api.AgentEvaluation#run} (a trained agent beside the heuristics) and {@link
 * io.execplace.experiments.api.OfflineComparison#run} (schedulers against the offline optimum); all but
 * the agent's evaluation take a request built with a builder, and all return records. The requests carry milp's and lookahead's
 * settings ({@link io.execplace.experiments.api.SchedulerTuning}); a refused value is bad input that
 * names the command-line option it corresponds to.
 *
 * <p>May import {@code core.config}, {@code core.io}, {@code core.metrics}, {@code core.model}, {@code core.progress}, {@code core.rules}, {@code core.sim}, {@code
 * core.workload}, {@code experiments.env}, {@code experiments.heldout}, {@code experiments.results}, {@code experiments.run}, {@code
 * experiments.scenario}, {@code experiments.study}, {@code rl.env}, {@code rl.train}, {@code schedulers.lookahead}, {@code
 * schedulers.milp}, {@code schedulers.offline}, {@code schedulers.spi}.
 */
package io.execplace.experiments.api;
