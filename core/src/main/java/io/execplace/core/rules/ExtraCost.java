package io.execplace.core.rules;

/**
 * HYB's extra cost of using a VM for a job (Eq. 16): the VM is billed anyway for the {@code T_vm}
 * seconds its current jobs keep it busy, so a job of duration {@code T_C} adds only
 * {@code price × max(0, T_C − T_vm)}. GIO ranks VMs by it and the exact MILP minimises its sum.
 */
public final class ExtraCost {

    private ExtraCost() {
    }

    /**
     * @param pricePerSecond  the VM's price
     * @param duration        the job's duration {@code T_C} on this placement, seconds
     * @param remainingBusy   the VM's remaining busy time {@code T_vm}, seconds (0 when idle)
     */
    public static double of(double pricePerSecond, double duration, double remainingBusy) {
        return pricePerSecond * Math.max(0, duration - remainingBusy);
    }
}
