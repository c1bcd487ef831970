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
 * the allowed action with the largest key) outside the timing. Per round it prints the step's wall
 * time and this thread's CPU time per environment step, and the bytes this thread allocated per
 * batched step; {@code hash} also prints a hash of every buffer after every step, which two builds
 * must agree on when a change keeps results bit for bit (it reads the buffers: do not time with it).
 *
 * <pre>
 * java -cp cli/target/execplace.jar python/benchmarks/BatchedStep.java [steps-per-round] [rounds] [random|first] [hash]
 * </pre>
 */
public class BatchedStep {

    public static void main(String[] args) {
        int steps = args.length > 0 ? Integer.parseInt(args[0]) : 50_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        boolean first = args.length > 2 && args[2].equals("first");
        boolean hashing = args.length > 3 && args[3].equals("hash");
        int n = 64;
        BatchedEnvs batch = new BatchedEnvs(Envs.make("tpds", Map.of("workload", "tpds-burst", "mask", "true"), n));
        int actionCount = batch.actionCount();
        ByteBuffer masks = batch.masks();
        ByteBuffer actions = batch.actions();
        SplittableRandom rng = new SplittableRandom(0);
        float[] keys = new float[1024 * n * actionCount];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = (float) rng.nextDouble();
        }
        var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long thread = Thread.currentThread().getId();
        ByteBuffer[] outputs = {batch.observations(), batch.rewards(), batch.flags(), batch.terminated(),
            batch.truncated(), batch.masks(), batch.events(), batch.outcomeValues(), batch.finalObservations()};
        long hash = 1;
        batch.reset(0);
        int k = 0;
        for (int round = 0; round < rounds; round++) {
            long wall = 0;
            long cpu = 0;
            long ended = 0;
            long allocated = threads.getThreadAllocatedBytes(thread);
            for (int s = 0; s < steps; s++) {
                k = (k + 1) & 1023;
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
                long c0 = threads.getCurrentThreadCpuTime();
                long t0 = System.nanoTime();
                ended += batch.step();
                wall += System.nanoTime() - t0;
                cpu += threads.getCurrentThreadCpuTime() - c0;
                for (int b = 0; hashing && b < outputs.length; b++) {
                    for (int q = 0; q < outputs[b].capacity(); q++) {
                        hash = hash * 31 + outputs[b].get(q);
                    }
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
}
