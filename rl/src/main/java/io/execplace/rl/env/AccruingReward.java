package io.execplace.rl.env;

import io.execplace.core.metrics.HjsTarget;
import io.execplace.core.sim.EventKernel;

/**
 * {@link TpdsEnv}'s episode reward paid as it accrues instead of at the end (execplace extensions):
 * {@code R_epi} per job ({@link TpdsEpisodeRules#perJobReward()}) or HJS's Target
 * ({@link TpdsEpisodeRules#targetReward()}). Each step's share goes on top of (or, for the Target, in
 * place of) Table 3's reward; the completing step gets the episode's reward minus everything paid
 * before, so a completed episode returns exactly what it would at the end. Penalties are unchanged.
 */
final class AccruingReward {

    private final TpdsEpisodeRules config;
    // The cost committed so far, the part paid so far, and what the job the current step started earned.
    private double committedCost;
    private double paidSoFar;
    private double startedExcess;
    private boolean jobStarted;
    private boolean startedOnTime;

    AccruingReward(TpdsEpisodeRules config) {
        this.config = config;
    }

    /** A new episode. */
    void reset() {
        committedCost = 0;
        paidSoFar = 0;
        startedExcess = 0;
        jobStarted = false;
        startedOnTime = false;
    }

    /** The current step started a job: {@code excess} seconds over its shortest duration, on time or not. */
    void jobStarted(double excess, boolean onTime) {
        startedExcess = excess;
        jobStarted = true;
        startedOnTime = onTime;
    }

    /** Rewrites {@code result}, the step's Table 3 result, with this step's share (nothing when neither option is on). */
    void pay(StepResult result, double[] observation, EventKernel kernel, EpisodeWorkload workload) {
        if (config.perJobReward()) {
            payAsItAccrues(result, observation, kernel, workload);
        } else if (config.targetReward()) {
            payTarget(result, observation, kernel, workload);
        }
    }

    /**
     * Target reward: this step's share of HJS's Target in place of Table 3's place reward —
     * {@code −100·ΔCost/C_max} for the cost committed, {@code 100/D_num} for a deadline job started on
     * time — and the completing step the episode's Target minus everything paid before. A wait keeps
     * Table 3's wait reward, so a completed episode returns its Target plus the wait reward per wait.
     */
    private void payTarget(StepResult result, double[] observation, EventKernel kernel, EpisodeWorkload workload) {
        StepEvent event = result.event();
        if (event == StepEvent.COMPLETED) {
            HjsTarget t = HjsTarget.of(kernel.result("tpds environment", new long[0], 0));
            // Eq. 5 is undefined without deadline jobs (it divides by D_num): such a workload earns its cost term.
            double target = t == null ? HjsTarget.CONSTANT * (1 - kernel.state().costSoFar() / workload.maxCost) : t.target();
            result.set(observation, target - paidSoFar, true, false, event);
            return;
        }
        if (result.terminated()) {
            return;
        }
        double committed = kernel.state().committedCost();
        double share = 0;
        if (workload.maxCost > 0) {
            share -= HjsTarget.CONSTANT * (committed - committedCost) / workload.maxCost;
        }
        if (jobStarted && startedOnTime) {
            share += HjsTarget.CONSTANT / workload.deadlineJobs;
        }
        committedCost = committed;
        jobStarted = false;
        startedOnTime = false;
        paidSoFar += share;
        // A wait keeps Table 3's reward (-1), as HJS Table 1 charges a skip: holding jobs is not free.
        double waited = event == StepEvent.WAITED ? config.rewards().waitReward() : 0;
        result.set(observation, share + waited, false, result.truncated(), event);
    }

    /**
     * Per-job reward: adds this step's share of {@code R_epi} to the immediate reward — {@code R_fixed/n}
     * when a job starts, minus the cost it commits and the job's extra duration in the units of
     * Eq. 14 — and gives the completing step {@code R_epi} minus everything paid before.
     */
    private void payAsItAccrues(StepResult result, double[] observation, EventKernel kernel, EpisodeWorkload workload) {
        StepEvent event = result.event();
        if (event == StepEvent.COMPLETED) {
            result.set(observation, result.reward() - paidSoFar, true, false, event);
            return;
        }
        if (result.terminated()) {
            return;
        }
        int jobs = workload.jobs.length;
        double committed = kernel.state().committedCost();
        double share = 0;
        if (jobStarted) {
            // R_fixed, the part of R_epi every completed episode earns, in equal parts per job.
            share += config.fixedReward() / jobs;
        }
        if (workload.maxCost > 0) {
            share -= config.fixedReward() * config.beta() * (committed - committedCost) / workload.maxCost;
        }
        double spread = workload.maxMeanDuration - workload.minMeanDuration;
        if (startedExcess > 0 && spread > 0) {
            share -= config.fixedReward() * (1 - config.beta()) * startedExcess / (jobs * spread);
        }
        committedCost = committed;
        startedExcess = 0;
        jobStarted = false;
        paidSoFar += share;
        result.set(observation, result.reward() + share, false, result.truncated(), event);
    }
}
