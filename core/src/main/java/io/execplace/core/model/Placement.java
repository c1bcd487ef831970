package io.execplace.core.model;

import java.util.Arrays;
import java.util.Objects;

/**
 * Where each executor of one job runs: {@code vm(i)} is the VM id of executor {@code i}. Several
 * executors may share a VM. {@link #none()} stands for "cannot place the job now". On an elastic
 * cluster that models driver pods ({@link NodePools#drivers()}) a placement may also name the node of
 * the application's driver ({@link #withDriver}); when it does not, the simulator places the driver by
 * kube-scheduler's default rule. A placement may also carry, per executor, a protection from
 * voluntary disruption ({@link #withProtection}): Karpenter's pod annotation {@code
 * karpenter.sh/do-not-disrupt}, whose value is {@code "true"} (for ever) or, since v1.12, a duration
 * counted from the pod's start. Under-used consolidation does not drain a node while one of its
 * executors is protected; spot interruptions ignore it. None by default. On an elastic cluster a placement
 * may also set the room held by placeholder pods from then on ({@link #withPlaceholders}); none by default.
 */
public final class Placement {

    private static final Placement NONE = new Placement(new int[0]);

    private final int[] vmOfExecutor;
    /** The driver pod's VM, or -1 when the placement does not name one. */
    private final int driverVm;
    /** Per executor, seconds of protection from its pod's start (+infinity: for ever), or null when none. */
    private final double[] protectSeconds;
    /** The placeholder room to hold from this placement on, or null to leave it as it is. */
    private final PlaceholderRoom placeholders;

    private Placement(int[] vmOfExecutor) {
        this(vmOfExecutor, -1, null, null);
    }

    private Placement(int[] vmOfExecutor, int driverVm, double[] protectSeconds, PlaceholderRoom placeholders) {
        this.vmOfExecutor = vmOfExecutor;
        this.driverVm = driverVm;
        this.protectSeconds = protectSeconds;
        this.placeholders = placeholders;
    }

    /** The same executors with the application's driver pod on VM {@code vm}. */
    public Placement withDriver(int vm) {
        if (isNone()) {
            throw new IllegalStateException("Placement.none() has no driver");
        }
        if (vm < 0) {
            throw new IllegalArgumentException("a driver's VM id must be >= 0, got " + vm);
        }
        return new Placement(vmOfExecutor, vm, protectSeconds, placeholders);
    }

    /**
     * The same placement with executor {@code i}'s pod protected from voluntary disruption for {@code
     * secondsPerExecutor[i]} seconds from its start ({@code karpenter.sh/do-not-disrupt: "<duration>"});
     * +infinity is the annotation's {@code "true"}, 0 no protection. The array is copied.
     */
    public Placement withProtection(double[] secondsPerExecutor) {
        if (isNone()) {
            throw new IllegalStateException("Placement.none() has no executors to protect");
        }
        if (secondsPerExecutor.length != vmOfExecutor.length) {
            throw new IllegalArgumentException("a protection per executor: " + vmOfExecutor.length
                    + " executors, " + secondsPerExecutor.length + " protections");
        }
        boolean any = false;
        for (double s : secondsPerExecutor) {
            if (!(s >= 0)) {
                throw new IllegalArgumentException("a protection lasts >= 0 seconds, got " + s);
            }
            any |= s > 0;
        }
        return new Placement(vmOfExecutor, driverVm, any ? secondsPerExecutor.clone() : null, placeholders);
    }

    /** The same placement with every executor protected for {@code seconds} ({@link #withProtection(double[])}). */
    public Placement withProtection(double seconds) {
        double[] each = new double[vmOfExecutor.length];
        Arrays.fill(each, seconds);
        return withProtection(each);
    }

    /**
     * The same placement that sets the cluster's placeholder room ({@link PlaceholderRoom}) when it starts:
     * the placeholder Deployment's replicas from then on (0 removes them). Elastic clusters only; a fixed
     * cluster ignores it.
     */
    public Placement withPlaceholders(PlaceholderRoom room) {
        if (isNone()) {
            throw new IllegalStateException("Placement.none() starts nothing to set placeholders with");
        }
        return new Placement(vmOfExecutor, driverVm, protectSeconds, room);
    }

    /** The placeholder room this placement sets, or null when it leaves it as it is. */
    public PlaceholderRoom placeholders() {
        return placeholders;
    }

    /** True when some executor carries a protection. */
    public boolean hasProtection() {
        return protectSeconds != null;
    }

    /** Seconds executor {@code i} is protected from its start (0: not protected, +infinity: for ever). */
    public double protectionSeconds(int executor) {
        return protectSeconds == null ? 0 : protectSeconds[executor];
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
        return o instanceof Placement p && driverVm == p.driverVm && Arrays.equals(vmOfExecutor, p.vmOfExecutor)
                && Arrays.equals(protectSeconds, p.protectSeconds) && Objects.equals(placeholders, p.placeholders);
    }

    @Override
    public int hashCode() {
        int h = driverVm < 0 ? Arrays.hashCode(vmOfExecutor) : 31 * Arrays.hashCode(vmOfExecutor) + driverVm;
        h = protectSeconds == null ? h : 31 * h + Arrays.hashCode(protectSeconds);
        return placeholders == null ? h : 31 * h + placeholders.hashCode();
    }

    @Override
    public String toString() {
        return isNone() ? "Placement[none]"
                : "Placement" + Arrays.toString(vmOfExecutor) + (driverVm < 0 ? "" : " driver " + driverVm)
                + (protectSeconds == null ? "" : " protected " + Arrays.toString(protectSeconds))
                + (placeholders == null ? "" : " " + placeholders);
    }
}
