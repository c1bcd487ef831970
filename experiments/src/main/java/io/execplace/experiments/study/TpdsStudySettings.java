package io.execplace.experiments.study;

import io.execplace.experiments.heldout.HeldOutSplit;
import io.execplace.rl.agent.Algorithm;
import io.execplace.rl.env.TpdsEnvConfig;

import java.util.List;

/**
 * Size of the TPDS study ({@link TpdsStudy}).
 *
 * @param agents              algorithms to train
 * @param betas               β values (Table 5: 0, 0.25, 0.5, 0.75, 1)
 * @param dqnIterations       DQN iterations on the normal workload (Table 5: 10,000)
 * @param reinforceIterations REINFORCE iterations on the normal workload (10,000)
 * @param ppoIterations       PPO iterations on the normal workload
 * @param burstFactor         burst runs train this many times longer (Table 5: 20,000 vs 10,000 → 2)
 * @param evaluations         evaluation points per run (Table 5: every 1,000 of 10,000 → 10)
 * @param evalEpisodes        greedy episodes per evaluation (10)
 * @param seed                workload seed and training seed
 * @param busyTime            agents also observe every VM's remaining busy time (execplace extension)
 * @param perJobReward        {@code R_epi} paid as it accrues (execplace extension)
 * @param heldOut             held-out workloads every agent and baseline is also judged on (other seeds
 *                            and SWIM arrival windows, {@link HeldOutSplit}; at least 2)
 */
public record TpdsStudySettings(List<Algorithm> agents, List<Double> betas, int dqnIterations, int reinforceIterations,
                                int ppoIterations, int burstFactor, int evaluations, int evalEpisodes, long seed,
                                boolean busyTime, boolean perJobReward, int heldOut) {

    public TpdsStudySettings {
        agents = List.copyOf(agents);
        betas = List.copyOf(betas);
        if (agents.isEmpty() || betas.isEmpty()) {
            throw new IllegalArgumentException("the study needs at least one agent and one beta");
        }
        for (double b : betas) {
            if (!(b >= 0 && b <= 1)) {
                throw new IllegalArgumentException("beta must be in [0, 1], got " + b);
            }
        }
        if (dqnIterations < 1 || reinforceIterations < 1 || ppoIterations < 1 || burstFactor < 1
                || evaluations < 1 || evalEpisodes < 1) {
            throw new IllegalArgumentException("iterations, burst factor, evaluations and episodes must be at least 1");
        }
        if (heldOut < 2 || heldOut > 10_000) {
            throw new IllegalArgumentException("held-out workloads must be between 2 and 10000, got " + heldOut);
        }
    }

    /** Held-out workloads per preset unless set: the minimum for intervals and win rates. */
    public static final int DEFAULT_HELD_OUT = 20;

    /** Table 5's schedule for DQN and REINFORCE; PPO (not in TPDS) 2,000 iterations, each far heavier. */
    public static TpdsStudySettings full() {
        return new TpdsStudySettings(List.of(Algorithm.values()), List.of(0.0, 0.25, 0.5, 0.75, 1.0), 10_000, 10_000, 2_000,
                2, 10, 10, 1, false, false, DEFAULT_HELD_OUT);
    }

    /**
     * β 0 and 1 and short training, a demonstration of the whole pipeline rather than trained
     * agents: about 1 minute of CPU on two idle cores (docs/rl.md gives the measurement). PPO
     * and REINFORCE iterations are whole episodes, so their budgets are far smaller.
     */
    public static TpdsStudySettings quick() {
        return full().toBuilder().betas(List.of(0.0, 1.0)).dqnIterations(1_500).reinforceIterations(120)
                .ppoIterations(30).burstFactor(1).evaluations(5).evalEpisodes(1).build();
    }

    public int iterations(Algorithm agent, String workload) {
        int base = switch (agent) {
            case DQN, SAC -> dqnIterations;
            case REINFORCE -> reinforceIterations;
            case PPO -> ppoIterations;
        };
        return workload.contains("burst") ? base * burstFactor : base;
    }

    /** Every agent's normal-workload iterations set to {@code n}. */
    public TpdsStudySettings withIterations(int n) {
        return toBuilder().dqnIterations(n).reinforceIterations(n).ppoIterations(n).build();
    }

    /** A builder holding this record's values, to change some by name. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** Sets {@link TpdsStudySettings}'s fields by name; starts from the values it was made from. */
    public static final class Builder {
        private List<Algorithm> agents;
        private List<Double> betas;
        private int dqnIterations;
        private int reinforceIterations;
        private int ppoIterations;
        private int burstFactor;
        private int evaluations;
        private int evalEpisodes;
        private long seed;
        private boolean busyTime;
        private boolean perJobReward;
        private int heldOut;

        private Builder(TpdsStudySettings from) {
            agents = from.agents;
            betas = from.betas;
            dqnIterations = from.dqnIterations;
            reinforceIterations = from.reinforceIterations;
            ppoIterations = from.ppoIterations;
            burstFactor = from.burstFactor;
            evaluations = from.evaluations;
            evalEpisodes = from.evalEpisodes;
            seed = from.seed;
            busyTime = from.busyTime;
            perJobReward = from.perJobReward;
            heldOut = from.heldOut;
        }

        public Builder agents(List<Algorithm> v) {
            agents = v;
            return this;
        }

        public Builder betas(List<Double> v) {
            betas = v;
            return this;
        }

        public Builder dqnIterations(int v) {
            dqnIterations = v;
            return this;
        }

        public Builder reinforceIterations(int v) {
            reinforceIterations = v;
            return this;
        }

        public Builder ppoIterations(int v) {
            ppoIterations = v;
            return this;
        }

        public Builder burstFactor(int v) {
            burstFactor = v;
            return this;
        }

        public Builder evaluations(int v) {
            evaluations = v;
            return this;
        }

        public Builder evalEpisodes(int v) {
            evalEpisodes = v;
            return this;
        }

        public Builder seed(long v) {
            seed = v;
            return this;
        }

        public Builder busyTime(boolean v) {
            busyTime = v;
            return this;
        }

        public Builder perJobReward(boolean v) {
            perJobReward = v;
            return this;
        }

        public Builder heldOut(int v) {
            heldOut = v;
            return this;
        }

        /** The record; its checks run here. */
        public TpdsStudySettings build() {
            return new TpdsStudySettings(agents, betas, dqnIterations, reinforceIterations, ppoIterations, burstFactor, evaluations, evalEpisodes, seed, busyTime,
                    perJobReward, heldOut);
        }
    }

    /** The study's environment for {@code beta}: Table 3 rewards, the mask, normalised observations, and the extensions chosen. */
    public TpdsEnvConfig environment(double beta) {
        return TpdsEnvConfig.paper(beta).withMasking(true).withNormalised(true).withBusyTime(busyTime)
                .withPerJobReward(perJobReward);
    }
}
