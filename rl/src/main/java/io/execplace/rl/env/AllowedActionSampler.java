package io.execplace.rl.env;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.LongBuffer;
import java.util.SplittableRandom;

/**
 * A uniformly random allowed action for each environment of a {@link BatchedEnvs}, drawn in Java
 * when the environment's state is written, so that a random baseline or an epsilon-greedy policy in
 * Python does not pay for a vectorised masked choice (it cost more than the rest of Python's side of
 * a batched step). Each environment has its own generator, reseeded at the start of every episode
 * from that episode's seed, so the draws of an episode depend only on its seed and on the states the
 * actions lead to: same seeds, same calls, same actions, whatever the batch's size or thread count.
 * It also writes each environment's mask as bytes, counting the allowed actions in the same pass.
 * The generators are the JDK's {@link SplittableRandom} (SplitMix64), one per environment (three
 * layouts of the draw, this one among them, measured the same). Each environment touches only its
 * own rows, so two threads may draw at once. Off (masks written, nothing drawn) until {@link #turnOn}.
 */
final class AllowedActionSampler {

    /** Keeps the draws apart from anything else seeded by the episode number. */
    private static final long SALT = 0x5DEECE66DL * 0x9E3779B97F4A7C15L;

    private final int actions;
    /** Each environment's generator, made again at each episode's start. */
    private final SplittableRandom[] random;
    private final long[] drawn;
    private final ByteBuffer buffer;
    private final LongBuffer values;
    private boolean on;

    AllowedActionSampler(int count, int actions) {
        this.actions = actions;
        random = new SplittableRandom[count];
        drawn = new long[count];
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
                draw(i, masks, i * actions);
            }
            flush(0, drawn.length);
        }
        return buffer;
    }

    void startEpisode(int env, long seed) {
        if (on) {
            random[env] = new SplittableRandom(seed ^ SALT);
        }
    }

    /** Draws environment {@code env}'s action uniformly among the 1-bytes of {@code masks[base .. base+actions)}. */
    private void draw(int env, byte[] masks, int base) {
        int allowed = 0;
        for (int a = 0; a < actions; a++) {
            allowed += masks[base + a];
        }
        pick(env, masks, base, allowed);
    }

    /**
     * Writes environment {@code env}'s mask as bytes ({@code rows[base .. base+actions)}, 1 where
     * allowed) and, when drawing is on, draws its action in the same pass over the mask.
     */
    void writeMaskAndDraw(int env, boolean[] mask, byte[] rows, int base) {
        if (!on) {
            for (int a = 0; a < actions; a++) {
                rows[base + a] = mask[a] ? (byte) 1 : 0;
            }
            return;
        }
        int allowed = 0;
        for (int a = 0; a < actions; a++) {
            byte may = mask[a] ? (byte) 1 : 0;
            rows[base + a] = may;
            allowed += may;
        }
        pick(env, rows, base, allowed);
    }

    /** Draws the k-th allowed action of {@code masks[base ..]}, k uniform (scanning the bytes just written, in cache). */
    private void pick(int env, byte[] masks, int base, int allowed) {
        if (allowed == 0) {
            drawn[env] = -1; // BatchedEnvs refuses it, naming the environment
            return;
        }
        int k = random[env].nextInt(allowed);
        int a = 0;
        while (masks[base + a] == 0 || k-- > 0) {
            a++;
        }
        drawn[env] = a;
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
