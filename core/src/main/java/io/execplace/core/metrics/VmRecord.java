package io.execplace.core.metrics;

import io.execplace.core.model.Vm;
import io.execplace.core.rules.Billing;

import java.util.Arrays;
import java.util.function.DoubleUnaryOperator;

/**
 * One VM's busy periods in a run: the maximal intervals during which it hosted at least one
 * executor, in time order, non-overlapping.
 */
public final class VmRecord {

    private final Vm vm;
    private final double[] busyStart;
    private final double[] busyEnd;

    public VmRecord(Vm vm, double[] busyStart, double[] busyEnd) {
        if (busyStart.length != busyEnd.length) {
            throw new IllegalArgumentException("busy interval arrays differ in length");
        }
        this.vm = vm;
        this.busyStart = busyStart.clone();
        this.busyEnd = busyEnd.clone();
    }

    public Vm vm() {
        return vm;
    }

    public int intervals() {
        return busyStart.length;
    }

    public double intervalStart(int i) {
        return busyStart[i];
    }

    public double intervalEnd(int i) {
        return busyEnd[i];
    }

    /** Total seconds the VM hosted at least one executor. */
    public double busySeconds() {
        double total = 0;
        for (int i = 0; i < busyStart.length; i++) {
            total += busyEnd[i] - busyStart[i];
        }
        return total;
    }

    /** Money charged for this VM under the given billing rule. */
    public double cost(Billing billing) {
        return cost(billing::billedSeconds);
    }

    /** Money charged for this VM when each interval of {@code s} seconds is billed {@code billedSeconds(s)}. */
    public double cost(DoubleUnaryOperator billedSeconds) {
        double billed = 0;
        for (int i = 0; i < busyStart.length; i++) {
            billed += billedSeconds.applyAsDouble(busyEnd[i] - busyStart[i]);
        }
        return billed * vm.pricePerSecond();
    }

    public boolean used() {
        return busyStart.length > 0;
    }

    @Override
    public String toString() {
        return "VmRecord[vm=" + vm.id() + ", busy=" + Arrays.toString(busyStart) + "->" + Arrays.toString(busyEnd) + "]";
    }
}
