package io.execplace.core.sim;

/**
 * The node slots bought now, kept in slot order as nodes launch and go, so that a policy can read the
 * few live nodes of a large pool without scanning every slot (a 1,000-node pool has 1,750 slots, and a
 * waiting job is offered again at every event).
 */
final class LiveSlots {

    private final int[] slots;
    private int count;

    LiveSlots(int slotCount) {
        slots = new int[slotCount];
    }

    void clear() {
        count = 0;
    }

    /** Adds a slot not yet in the list. */
    void add(int vm) {
        int at = count;
        while (at > 0 && slots[at - 1] > vm) {
            slots[at] = slots[at - 1];
            at--;
        }
        slots[at] = vm;
        count++;
    }

    /** Removes a slot in the list. */
    void remove(int vm) {
        int at = java.util.Arrays.binarySearch(slots, 0, count, vm);
        if (at < 0) {
            throw new IllegalStateException("slot " + vm + " is not live");
        }
        System.arraycopy(slots, at + 1, slots, at, count - at - 1);
        count--;
    }

    /** Sets to none the room ({@code cores}, {@code memoryGb}) of the live slots {@code marked}. */
    void clearRoomWhere(boolean[] marked, int[] cores, double[] memoryGb) {
        for (int k = 0; k < count; k++) {
            if (marked[slots[k]]) {
                cores[slots[k]] = 0;
                memoryGb[slots[k]] = 0;
            }
        }
    }

    /** Writes the live slots, in slot order, into {@code out}; returns how many. */
    int copyTo(int[] out) {
        System.arraycopy(slots, 0, out, 0, count);
        return count;
    }
}
