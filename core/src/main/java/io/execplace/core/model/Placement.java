package io.execplace.core.model;

import java.util.Arrays;

/**
 * Where each executor of one job runs: {@code vm(i)} is the VM id of executor {@code i}. Several
 * executors may share a VM. {@link #none()} stands for "cannot place the job now". On an elastic
 * cluster that models driver pods ({@link NodePools#drivers()}) a placement may also name the node of
 * the application's driver ({@link #withDriver}); when it does not, the simulator places the driver by
 * kube-scheduler's default rule.
 */
public final class Placement {

    private static final Placement NONE = new Placement(new int[0]);

    private final int[] vmOfExecutor;
    /** The driver pod's VM, or -1 when the placement does not name one. */
    private final int driverVm;

    private Placement(int[] vmOfExecutor) {
        this(vmOfExecutor, -1);
    }

    private Placement(int[] vmOfExecutor, int driverVm) {
        this.vmOfExecutor = vmOfExecutor;
        this.driverVm = driverVm;
    }

    /** The same executors with the application's driver pod on VM {@code vm}. */
    public Placement withDriver(int vm) {
        if (isNone()) {
            throw new IllegalStateException("Placement.none() has no driver");
        }
        if (vm < 0) {
            throw new IllegalArgumentException("a driver's VM id must be >= 0, got " + vm);
        }
        return new Placement(vmOfExecutor, vm);
    }

    /** The driver pod's VM, or -1 when the placement names none. */
    public int driverVm() {
        return driverVm;
    }

    public boolean hasDriver() {
        return driverVm >= 0;
    }

    /** A placement of executors on the given VM ids (the array is copied). */
    public static Placement of(int... vmOfExecutor) {
        if (vmOfExecutor.length == 0) {
            throw new IllegalArgumentException("a placement needs at least one executor; use Placement.none()");
        }
        return new Placement(vmOfExecutor.clone());
    }

    /** Wraps an array the caller hands over and will not change again (no copy; for hot paths). */
    public static Placement wrap(int[] vmOfExecutor) {
        if (vmOfExecutor.length == 0) {
            throw new IllegalArgumentException("a placement needs at least one executor; use Placement.none()");
        }
        return new Placement(vmOfExecutor);
    }

    /** The answer "this job cannot be placed now". */
    public static Placement none() {
        return NONE;
    }

    public boolean isNone() {
        return this == NONE;
    }

    public int executors() {
        return vmOfExecutor.length;
    }

    public int vm(int executor) {
        return vmOfExecutor[executor];
    }

    public int[] toArray() {
        return vmOfExecutor.clone();
    }

    /** True when some executor runs on VM {@code vm}. */
    public boolean usesVm(int vm) {
        for (int v : vmOfExecutor) {
            if (v == vm) {
                return true;
            }
        }
        return false;
    }

    /** Number of distinct VMs used. */
    public int distinctVms() {
        int[] sorted = vmOfExecutor.clone();
        Arrays.sort(sorted);
        int distinct = sorted.length == 0 ? 0 : 1;
        for (int i = 1; i < sorted.length; i++) {
            if (sorted[i] != sorted[i - 1]) {
                distinct++;
            }
        }
        return distinct;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Placement p && driverVm == p.driverVm && Arrays.equals(vmOfExecutor, p.vmOfExecutor);
    }

    @Override
    public int hashCode() {
        return driverVm < 0 ? Arrays.hashCode(vmOfExecutor) : 31 * Arrays.hashCode(vmOfExecutor) + driverVm;
    }

    @Override
    public String toString() {
        return isNone() ? "Placement[none]"
                : "Placement" + Arrays.toString(vmOfExecutor) + (driverVm < 0 ? "" : " driver " + driverVm);
    }
}
