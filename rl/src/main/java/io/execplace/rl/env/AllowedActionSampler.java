package io.execplace.rl.env;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.LongBuffer;

/**
 * A uniformly random allowed action for each environment of a {@link BatchedEnvs}, drawn in Java
 * when the environment's state is written, so that a random baseline or an epsilon-greedy policy in
 * Python does not pay for a vectorised masked choice (it cost more than the rest of Python's side of
 * a batched step). Each environment has its own generator, reseeded at the start of every episode
 * from that episode's seed, so the draws of an episode depend only on its seed and on the states the
 * actions lead to: same seeds, same calls, same actions, whatever the batch's size or thread count.
 * It also has each environment write its mask as bytes, listing the allowed actions in the same pass.
 *
 * <p>The generators are SplitMix64 (Steele, Lea and Flood, OOPSLA 2014), drawing exactly what the
 * JDK's {@link java.util.SplittableRandom}{@code (seed).nextInt(bound)} draws (a test compares them),
 * kept as one {@code long} per environment in an array the batch's environments share: a
 * {@code SplittableRandom} object per environment cost a cache miss per draw in the Python process,
 * and scanning the mask for the k-th allowed action a mispredicted branch; the allowed actions are
 * listed while the mask is written and the draw indexes the list (profiled in the Python process:
 * the draw was a sixth of {@code stepSampled}). Each environment touches only its own rows and
 * state, so two threads may draw at once (each with its own list). Off (masks written, nothing
 * drawn) until {@link #turnOn}.
 */
final class AllowedActionSampler {

    /** Keeps the draws apart from anything else seeded by the episode number. */
    private static final long SALT = 0x5DEECE66DL * 0x9E3779B97F4A7C15L;
    /** SplitMix64's increment ({@code SplittableRandom}'s golden gamma). */
    private static final long GAMMA = 0x9e3779b97f4a7c15L;

    private final int actions;
    /** Each environment's generator state, set again at each episode's start. */
    private final long[] state;
    private final long[] drawn;
    /** Per thread stepping a half of the batch, the allowed actions of the mask being written. */
    private final int[] lowerAllowed;
    private final int[] upperAllowed;
    private final int upperFrom;
    private final ByteBuffer buffer;
    private final LongBuffer values;
    private boolean on;

    /** @param upperFrom the first environment a second thread steps ({@code count} on one thread) */
    AllowedActionSampler(int count, int actions, int upperFrom) {
        this.actions = actions;
        this.upperFrom = upperFrom;
        state = new long[count];
        drawn = new long[count];
        lowerAllowed = new int[actions];
        upperAllowed = new int[actions];
        buffer = ByteBuffer.allocateDirect(8 * count).order(ByteOrder.nativeOrder());
        values = buffer.asLongBuffer();
    }

    /**
     * Turns drawing on (idempotent), seeding environment {@code i} from {@code seeds[i]} and drawing
     * for the current masks ({@code masks}: a row of {@code actions} bytes per environment).
     *
     * @return native-order longs, one per environment: the action drawn for its current state, -1
     *         when none is allowed
     */
    ByteBuffer turnOn(long[] seeds, byte[] masks) {
        if (!on) {
            on = true;
            for (int i = 0; i < drawn.length; i++) {
                startEpisode(i, seeds[i]);
                int[] allowed = allowedList(i);
                int count = 0;
                for (int a = 0; a < actions; a++) {
                    allowed[count] = a;
                    count += masks[i * actions + a];
                }
                pick(i, allowed, count);
            }
            flush(0, drawn.length);
        }
        return buffer;
    }

    void startEpisode(int env, long seed) {
        if (on) {
            state[env] = seed ^ SALT;
        }
    }

    private int[] allowedList(int env) {
        return env < upperFrom ? lowerAllowed : upperAllowed;
    }

    /**
     * Has environment {@code env} write its mask as bytes ({@code rows[base .. base+actions)}, 1
     * where allowed; {@link Env#writeActionMask}) and, when drawing is on, draws its action among the
     * allowed actions it listed.
     */
    void writeMaskAndDraw(int env, Env environment, byte[] rows, int base) {
        int[] allowed = allowedList(env);
        int count = environment.writeActionMask(rows, base, allowed);
        if (on) {
            pick(env, allowed, count);
        }
    }

    /** Draws one of the {@code count} actions listed in {@code allowed}, uniformly. */
    private void pick(int env, int[] allowed, int count) {
        if (count == 0) {
            drawn[env] = -1; // BatchedEnvs refuses it, naming the environment
            return;
        }
        drawn[env] = allowed[nextInt(state, env, count)];
    }

    /**
     * {@code new SplittableRandom(s).nextInt(bound)}'s next draw for the generator whose state is
     * {@code state[env]}, advancing it: SplitMix64's next 32-bit value and the JDK's rejection of
     * over-represented candidates ({@code RandomSupport.boundedNextInt}).
     */
    static int nextInt(long[] state, int env, int bound) {
        int r = mix32(state[env] += GAMMA);
        int m = bound - 1;
        if ((bound & m) == 0) {
            r &= m;
        } else {
            for (int u = r >>> 1; u + m - (r = u % bound) < 0; u = mix32(state[env] += GAMMA) >>> 1) {
                // rejected: draw again
            }
        }
        return r;
    }

    private static int mix32(long z) {
        z = (z ^ (z >>> 33)) * 0x62a9d9ed799705f5L;
        return (int) (((z ^ (z >>> 28)) * 0xcb24d0a5c88c35b3L) >>> 32);
    }

    /** Copies rows {@code from} (inclusive) to {@code to} of the draws into the buffer. */
    void flush(int from, int to) {
        if (on) {
            values.put(from, drawn, from, to - from);
        }
    }

    /**
     * Puts every environment's draw into {@code actions}, the batch's action buffer.
     *
     * @throws IllegalStateException when drawing is off
     */
    void copyTo(LongBuffer actionValues) {
        if (!on) {
            throw new IllegalStateException("random allowed actions are off: call sampleAllowed first");
        }
        actionValues.put(0, drawn);
    }
}
