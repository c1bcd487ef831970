package io.execplace.experiments.study;

import io.execplace.core.rules.HjsWeightOrder;

import java.util.ArrayList;
import java.util.List;

/**
 * Size of the HJS study ({@link HjsStudy}).
 *
 * @param jobSets          job-set presets to run
 * @param trainWorkloads   training workloads per job set (seeds 1..k), also reported as "training"
 * @param heldOutWorkloads held-out workloads per job set (seeds 1001..)
 * @param hjsIterations    REINFORCE iterations of the HJS agent (10 episodes each)
 * @param dqnIterations    DQN iterations of the TPDS agent (10 steps each)
 * @param lambdas          λ values of Fig. 1
 * @param lambda           λ of HJS (and of the hjs-weight baselines) in Fig. 2
 * @param milpTimeLimitMs  {@code milp} time limit per decision; 0 leaves milp out
 */
public record HjsStudySettings(List<String> jobSets, int trainWorkloads, int heldOutWorkloads, int hjsIterations,
                               int dqnIterations, List<Double> lambdas, double lambda, long milpTimeLimitMs) {

    public HjsStudySettings {
        jobSets = List.copyOf(jobSets);
        lambdas = List.copyOf(lambdas);
        if (jobSets.isEmpty() || lambdas.isEmpty()) {
            throw new IllegalArgumentException("the study needs at least one job set and one lambda");
        }
        for (String s : jobSets) {
            if (!HjsStudy.JOB_SETS.contains(s)) {
                throw new IllegalArgumentException("unknown HJS job set '" + s + "' (known: " + String.join(", ", HjsStudy.JOB_SETS) + ")");
            }
        }
        if (trainWorkloads < 1 || heldOutWorkloads < 2 || hjsIterations < 1 || dqnIterations < 1) {
            throw new IllegalArgumentException("training workloads and iterations must be at least 1, held-out "
                    + "workloads at least 2");
        }
        for (double l : lambdas) {
            new HjsWeightOrder(l);
        }
        new HjsWeightOrder(lambda);
        if (milpTimeLimitMs < 0) {
            throw new IllegalArgumentException("milp time limit must be >= 0, got " + milpTimeLimitMs);
        }
    }

    /** Six job sets, 4 training and 20 held-out workloads each, λ in steps of 0.25, milp 200 ms per decision. */
    public static HjsStudySettings full() {
        return new HjsStudySettings(HjsStudy.JOB_SETS, 4, 20, 200, 2000, List.of(0.0, 0.25, 0.5, 0.75, 1.0), 0.75, 200);
    }

    /** Six job sets, 2 training and 5 held-out workloads, short training, no milp: a few minutes on 2 cores. */
    public static HjsStudySettings quick() {
        return new HjsStudySettings(HjsStudy.JOB_SETS, 2, 5, 30, 300, List.of(0.0, 0.5, 1.0), 0.75, 0);
    }

    public HjsStudySettings withWorkloads(int train, int heldOut) {
        return new HjsStudySettings(jobSets, train, heldOut, hjsIterations, dqnIterations, lambdas, lambda, milpTimeLimitMs);
    }

    public HjsStudySettings withIterations(int hjs, int dqn) {
        return new HjsStudySettings(jobSets, trainWorkloads, heldOutWorkloads, hjs, dqn, lambdas, lambda, milpTimeLimitMs);
    }

    public HjsStudySettings withJobSets(List<String> sets) {
        return new HjsStudySettings(sets, trainWorkloads, heldOutWorkloads, hjsIterations, dqnIterations, lambdas, lambda,
                milpTimeLimitMs);
    }

    public HjsStudySettings withMilpTimeLimitMs(long ms) {
        return new HjsStudySettings(jobSets, trainWorkloads, heldOutWorkloads, hjsIterations, dqnIterations, lambdas, lambda,
                ms);
    }

    /** Training seeds 1..k. */
    public List<Long> trainSeeds() {
        List<Long> s = new ArrayList<>();
        for (int i = 1; i <= trainWorkloads; i++) {
            s.add((long) i);
        }
        return s;
    }

    /** Held-out seeds 1001..1000+h. */
    public List<Long> heldOutSeeds() {
        List<Long> s = new ArrayList<>();
        for (int i = 0; i < heldOutWorkloads; i++) {
            s.add(HjsStudy.HELD_OUT_FIRST_SEED + i);
        }
        return s;
    }
}
