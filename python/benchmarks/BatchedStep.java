import io.execplace.rl.env.BatchedEnvs;
import io.execplace.rl.env.registry.Envs;

import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Java's {@code BatchedEnvs.step} alone, without Python: the batch ratios.py measures (64 {@code tpds}
 * environments on {@code tpds-burst}, masks on, one thread), stepped with random allowed actions
 * chosen as ratios.py chooses them (a key per environment and action from a table of 1,024 steps,
 * the allowed action with the largest key) outside the timing, with the first allowed ones
 * ({@code first}), or with the random allowed actions Java draws ({@code sampled}: {@code stepSampled},
 * what Python's {@code step_random()} calls). Per round it prints the step's wall time and this
 * thread's CPU time per environment step, and the bytes this thread allocated per batched step;
 * {@code hash} also prints a hash of every buffer after every step (the draws' too), which two builds
 * must agree on when a change keeps results bit for bit (it reads the buffers: do not time with it).
 *
 * <p>{@code batches=B} steps B such batches taking turns, 10 batched steps each, as ratios.py's
 * contenders take turns: each turn starts with the batch's state out of the nearer caches, as in
 * the Python process, where a batched step of Java costs about twice what it costs in a loop that
 * steps one batch only. The times are then those of every batch's steps.
 *
 * <pre>
 * java -cp cli/target/execplace.jar python/benchmarks/BatchedStep.java [steps-per-round] [rounds] [random|first|sampled] [hash] [batches=B]
 * </pre>
 */
public class BatchedStep {

    /** Batched steps one batch takes in a turn (ratios.py's chunk). */
    private static final int TURN = 10;

    public static void main(String[] args) {
        int steps = args.length > 0 ? Integer.parseInt(args[0]) : 50_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        String policy = args.length > 2 ? args[2] : "random";
        boolean hashing = false;
        int batchCount = 1;
        for (int a = 3; a < args.length; a++) {
            if (args[a].equals("hash")) {
                hashing = true;
            } else if (args[a].startsWith("batches=")) {
                batchCount = Integer.parseInt(args[a].substring("batches=".length()));
            } else {
                throw new IllegalArgumentException("unknown argument " + args[a]);
            }
        }
        boolean first = policy.equals("first");
        boolean sampled = policy.equals("sampled");
        int n = 64;
        BatchedEnvs[] batches = new BatchedEnvs[batchCount];
        for (int b = 0; b < batchCount; b++) {
            batches[b] = new BatchedEnvs(Envs.make("tpds", Map.of("workload", "tpds-burst", "mask", "true"), n));
            batches[b].reset(0);
            if (sampled) {
                batches[b].sampleAllowed();
            }
        }
        int actionCount = batches[0].actionCount();
        SplittableRandom rng = new SplittableRandom(0);
        float[] keys = new float[1024 * n * actionCount];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = (float) rng.nextDouble();
        }
        var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long thread = Thread.currentThread().getId();
        long hash = 1;
        int k = 0;
        for (int round = 0; round < rounds; round++) {
            long wall = 0;
            long cpu = 0;
            long ended = 0;
            long allocated = threads.getThreadAllocatedBytes(thread);
            for (int s = 0; s < steps; s++) {
                BatchedEnvs batch = batches[(s / TURN) % batchCount];
                k = (k + 1) & 1023;
                if (!sampled) {
                    choose(batch, keys, k, first);
                }
                long c0 = threads.getCurrentThreadCpuTime();
                long t0 = System.nanoTime();
                ended += sampled ? batch.stepSampled() : batch.step();
                wall += System.nanoTime() - t0;
                cpu += threads.getCurrentThreadCpuTime() - c0;
                if (hashing) {
                    hash = hash(batch, hash, sampled);
                }
            }
            allocated = threads.getThreadAllocatedBytes(thread) - allocated;
            System.out.printf("round %d: %.3f µs wall, %.3f µs CPU per environment step; %.0f bytes allocated per "
                            + "batched step; %d episodes ended%n", round, wall / 1e3 / steps / n, cpu / 1e3 / steps / n,
                    (double) allocated / steps, ended);
        }
        if (hashing) {
            System.out.println("hash " + hash);
        }
    }

    /** Writes into the batch's actions the allowed action with the largest key of step {@code k}'s (or the first allowed). */
    private static void choose(BatchedEnvs batch, float[] keys, int k, boolean first) {
        int n = batch.count();
        int actionCount = batch.actionCount();
        ByteBuffer masks = batch.masks();
        ByteBuffer actions = batch.actions();
        for (int i = 0; i < n; i++) {
            int best = 0;
            float bestKey = -1;
            for (int a = 0; a < actionCount; a++) {
                if (masks.get(i * actionCount + a) == 0) {
                    continue;
                }
                if (first) {
                    best = a;
                    break;
                }
                float key = keys[(k * n + i) * actionCount + a];
                if (key > bestKey) {
                    bestKey = key;
                    best = a;
                }
            }
            actions.putLong(8 * i, best);
        }
    }

    private static long hash(BatchedEnvs batch, long hash, boolean sampled) {
        ByteBuffer[] outputs = {batch.observations(), batch.rewards(), batch.flags(), batch.terminated(),
            batch.truncated(), batch.masks(), batch.events(), batch.outcomeValues(), batch.finalObservations(),
            batch.actions()};
        for (ByteBuffer b : outputs) {
            for (int q = 0; q < b.capacity(); q++) {
                hash = hash * 31 + b.get(q);
            }
        }
        if (sampled) {
            ByteBuffer draws = batch.sampleAllowed();
            for (int q = 0; q < draws.capacity(); q++) {
                hash = hash * 31 + draws.get(q);
            }
        }
        return hash;
    }
}
