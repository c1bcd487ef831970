package io.execplace.rl.agent;

import io.execplace.rl.nn.ArrayBundle;

import java.util.Arrays;

/**
 * A circular buffer of transitions {@code (s, a, r, s', terminal, mask(s'))} — and, for learners that
 * need it, {@code mask(s)} — on primitive arrays; the oldest transition is overwritten when it is
 * full. Sampling is uniform with replacement.
 */
final class ReplayBuffer {

    final int capacity;
    final int observationSize;
    final int actions;
    final double[] states;
    final double[] nextStates;
    final int[] action;
    final double[] reward;
    final boolean[] terminal;
    final boolean[] nextMask;
    /** {@code mask(s)} per transition, or null when not kept. */
    final boolean[] stateMask;
    private int size;
    private int position;

    ReplayBuffer(int capacity, int observationSize, int actions) {
        this(capacity, observationSize, actions, false);
    }

    ReplayBuffer(int capacity, int observationSize, int actions, boolean keepStateMasks) {
        this.capacity = capacity;
        this.observationSize = observationSize;
        this.actions = actions;
        states = new double[capacity * observationSize];
        nextStates = new double[capacity * observationSize];
        action = new int[capacity];
        reward = new double[capacity];
        terminal = new boolean[capacity];
        nextMask = new boolean[capacity * actions];
        stateMask = keepStateMasks ? new boolean[capacity * actions] : null;
    }

    int size() {
        return size;
    }

    void add(double[] s, boolean[] maskOfState, int a, double r, double[] next, boolean isTerminal, boolean[] maskOfNext) {
        if (stateMask != null) {
            System.arraycopy(maskOfState, 0, stateMask, position * actions, actions);
        }
        add(s, a, r, next, isTerminal, maskOfNext);
    }

    void add(double[] s, int a, double r, double[] next, boolean isTerminal, boolean[] maskOfNext) {
        int i = position;
        System.arraycopy(s, 0, states, i * observationSize, observationSize);
        System.arraycopy(next, 0, nextStates, i * observationSize, observationSize);
        action[i] = a;
        reward[i] = r;
        terminal[i] = isTerminal;
        System.arraycopy(maskOfNext, 0, nextMask, i * actions, actions);
        position = (position + 1) % capacity;
        size = Math.min(size + 1, capacity);
    }

    void save(ArrayBundle b, String prefix) {
        b.put(prefix + "replay.index", new long[]{size, position});
        b.put(prefix + "replay.states", Arrays.copyOf(states, size * observationSize));
        b.put(prefix + "replay.next", Arrays.copyOf(nextStates, size * observationSize));
        b.put(prefix + "replay.reward", Arrays.copyOf(reward, size));
        long[] a = new long[size];
        byte[] t = new byte[size];
        byte[] m = toBytes(nextMask, size * actions);
        for (int i = 0; i < size; i++) {
            a[i] = action[i];
            t[i] = (byte) (terminal[i] ? 1 : 0);
        }
        b.put(prefix + "replay.action", a);
        b.put(prefix + "replay.terminal", t);
        b.put(prefix + "replay.mask", m);
        if (stateMask != null) {
            b.put(prefix + "replay.stateMask", toBytes(stateMask, size * actions));
        }
    }

    private static byte[] toBytes(boolean[] values, int n) {
        byte[] out = new byte[n];
        for (int i = 0; i < n; i++) {
            out[i] = (byte) (values[i] ? 1 : 0);
        }
        return out;
    }

    void restore(ArrayBundle b, String prefix) {
        long[] index = b.longs(prefix + "replay.index");
        int n = (int) index[0];
        if (n > capacity) {
            throw new IllegalArgumentException("checkpoint replay buffer holds " + n + " transitions, capacity is " + capacity);
        }
        System.arraycopy(b.doubles(prefix + "replay.states", n * observationSize), 0, states, 0, n * observationSize);
        System.arraycopy(b.doubles(prefix + "replay.next", n * observationSize), 0, nextStates, 0, n * observationSize);
        System.arraycopy(b.doubles(prefix + "replay.reward", n), 0, reward, 0, n);
        long[] a = b.longs(prefix + "replay.action");
        byte[] t = b.bytes(prefix + "replay.terminal");
        byte[] m = b.bytes(prefix + "replay.mask");
        for (int i = 0; i < n; i++) {
            action[i] = (int) a[i];
            terminal[i] = t[i] != 0;
        }
        for (int i = 0; i < n * actions; i++) {
            nextMask[i] = m[i] != 0;
        }
        if (stateMask != null) {
            byte[] sm = b.bytes(prefix + "replay.stateMask");
            for (int i = 0; i < n * actions; i++) {
                stateMask[i] = sm[i] != 0;
            }
        }
        size = n;
        position = (int) index[1];
    }
}
