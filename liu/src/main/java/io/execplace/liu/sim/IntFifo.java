package io.execplace.liu.sim;

/** A growable ring of run indices: one cluster's FIFO queue. */
final class IntFifo {
    private int[] items = new int[16];
    private int first;
    private int size;

    boolean isEmpty() {
        return size == 0;
    }

    int size() {
        return size;
    }

    void clear() {
        first = 0;
        size = 0;
    }

    void copyFrom(IntFifo other) {
        if (items.length < other.size) {
            items = new int[other.items.length];
        }
        for (int i = 0; i < other.size; i++) {
            items[i] = other.at(i);
        }
        first = 0;
        size = other.size;
    }

    void add(int v) {
        if (size == items.length) {
            int[] grown = new int[size * 2];
            for (int i = 0; i < size; i++) {
                grown[i] = items[(first + i) % items.length];
            }
            items = grown;
            first = 0;
        }
        items[(first + size++) % items.length] = v;
    }

    int peek() {
        return items[first];
    }

    /** The {@code i}-th item from the head. */
    int at(int i) {
        return items[(first + i) % items.length];
    }

    int poll() {
        int v = items[first];
        first = (first + 1) % items.length;
        size--;
        return v;
    }
}
