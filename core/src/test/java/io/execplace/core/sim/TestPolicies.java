package io.execplace.core.sim;

import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.policy.PlacementPolicy;

import java.util.Arrays;
import java.util.Random;

/** Minimal policies for testing the simulator without the schedulers module. */
final class TestPolicies {

    private TestPolicies() {
    }

    /** Packs executors onto the lowest-numbered VMs that fit. */
    static PlacementPolicy pack() {
        return pack(false);
    }

    /**
     * Packs executors onto the lowest-numbered VMs that fit; with {@code boughtFirst}, an elastic
     * cluster's bought nodes before its slots not bought (as pods go to existing nodes first).
     */
    static PlacementPolicy pack(boolean boughtFirst) {
        return new PlacementPolicy() {
            @Override
            public String name() {
                return boughtFirst ? "test-pack-bought-first" : "test-pack";
            }

            @Override
            public Placement place(Job job, ClusterView view) {
                int[] out = new int[job.executors()];
                int placed = 0;
                for (int pass = boughtFirst ? 0 : 1; pass < 2; pass++) {
                    for (int vm = 0; vm < view.vmCount() && placed < out.length; vm++) {
                        if (boughtFirst && view.isProvisioned(vm) != (pass == 0)) {
                            continue;
                        }
                        int fit = view.executorsThatFit(vm, job.coresPerExecutor(), job.memoryGbPerExecutor());
                        for (int k = 0; k < fit && placed < out.length; k++) {
                            out[placed++] = vm;
                        }
                    }
                }
                return placed == out.length ? Placement.wrap(out) : Placement.none();
            }
        };
    }

    /** Each executor on a random VM that still has room; seeded. */
    static PlacementPolicy random(long seed) {
        Random rng = new Random(seed);
        return new PlacementPolicy() {
            @Override
            public String name() {
                return "test-random";
            }

            @Override
            public Placement place(Job job, ClusterView view) {
                int n = view.vmCount();
                int[] fit = new int[n];
                for (int vm = 0; vm < n; vm++) {
                    fit[vm] = view.executorsThatFit(vm, job.coresPerExecutor(), job.memoryGbPerExecutor());
                }
                int[] out = new int[job.executors()];
                for (int e = 0; e < out.length; e++) {
                    int candidates = 0;
                    for (int vm = 0; vm < n; vm++) {
                        candidates += fit[vm] > 0 ? 1 : 0;
                    }
                    if (candidates == 0) {
                        return Placement.none();
                    }
                    int pick = rng.nextInt(candidates);
                    for (int vm = 0; vm < n; vm++) {
                        if (fit[vm] > 0 && pick-- == 0) {
                            out[e] = vm;
                            fit[vm]--;
                            break;
                        }
                    }
                }
                return Placement.wrap(out);
            }
        };
    }

    /** Always puts every executor on VM 0, fit or not: the simulator must refuse it. */
    static PlacementPolicy overcommit() {
        return onVm(0, -1);
    }

    /**
     * Every executor on VM {@code executorVm}, fit or not; the driver pod on {@code driverVm}, or left
     * to the kernel when -1.
     */
    static PlacementPolicy onVm(int executorVm, int driverVm) {
        return new PlacementPolicy() {
            @Override
            public String name() {
                return executorVm == 0 && driverVm < 0 ? "test-overcommit" : "test-on-vm";
            }

            @Override
            public Placement place(Job job, ClusterView view) {
                int[] vms = new int[job.executors()];
                Arrays.fill(vms, executorVm);
                return driverVm < 0 ? Placement.wrap(vms) : Placement.wrap(vms).withDriver(driverVm);
            }
        };
    }
}
