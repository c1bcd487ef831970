package io.execplace.rl.pairs;

import io.execplace.rl.nn.Activation;
import io.execplace.rl.nn.Mlp;
import io.execplace.rl.nn.Network;
import org.apache.commons.rng.UniformRandomProvider;

import java.util.Arrays;
import java.util.List;

/**
 * The size-free network over {@link PairObservation}s. A <em>scorer</em> MLP gives every VM slot a
 * score from that VM's features and the job's context, with the same weights for every VM; a
 * <em>pool</em> MLP reads the context and the mean of the VMs' features. As a policy the outputs
 * are {@code [wait, vm1, ..., vmS]}: the pool's output is the score of "wait", the scorer's those of
 * the VMs (a softmax over them, masked, is the policy; unused slots get 0 and are always masked).
 * As a value network the output is the pool's alone. The weights do not depend on the number of
 * slots, so {@link #withSlots} runs the same agent on a cluster of any size.
 *
 * <p>Parameters: the scorer's flat array, then the pool's (none of the scorer's for a value network).
 */
public final class PairNetwork implements Network {

    private final PairSchema schema;
    private final boolean policy;
    private final int slots;
    private final Mlp scorer;
    private final Mlp pool;
    private final double[] params;
    private final double[] grads;
    private final int scorerCount;

    // Reused buffers.
    private double[] scorerInput = new double[0];
    private double[] poolInput = new double[0];
    private int[] rowOf = new int[0];
    private double[] output = new double[0];
    private double[] dScorer = new double[0];
    private double[] dPool = new double[0];
    private int lastRows;
    private int lastBatch;

    private PairNetwork(PairSchema schema, boolean policy, int slots, Mlp scorer, Mlp pool) {
        if (slots < 1) {
            throw new IllegalArgumentException("a pair network needs at least one VM slot, got " + slots);
        }
        this.schema = schema;
        this.policy = policy;
        this.slots = slots;
        this.scorer = scorer;
        this.pool = pool;
        this.scorerCount = policy ? scorer.parameterCount() : 0;
        this.params = new double[scorerCount + pool.parameterCount()];
        this.grads = new double[params.length];
        if (policy) {
            System.arraycopy(scorer.parameters(), 0, params, 0, scorerCount);
        }
        System.arraycopy(pool.parameters(), 0, params, scorerCount, pool.parameterCount());
    }

    /** Input widths of the scorer (a VM's features and the context) and of the pool (context and mean VM features). */
    private int inputWidth() {
        return schema.pairWidth();
    }

    /** A policy network of the {@code pairs-1} schema (see {@link #policy(PairSchema, int, List, UniformRandomProvider)}). */
    public static PairNetwork policy(int slots, List<Integer> hidden, UniformRandomProvider rng) {
        return policy(PairSchema.PLACEMENT, slots, hidden, rng);
    }

    /** A policy network with the given hidden widths for both MLPs, initialised from {@code rng} (scorer first). */
    public static PairNetwork policy(PairSchema schema, int slots, List<Integer> hidden, UniformRandomProvider rng) {
        Mlp scorer = Mlp.create(sizes(schema, hidden), Activation.RELU, rng);
        Mlp pool = Mlp.create(sizes(schema, hidden), Activation.RELU, rng);
        return new PairNetwork(schema, true, slots, scorer, pool);
    }

    /** A value network of the {@code pairs-1} schema. */
    public static PairNetwork value(int slots, List<Integer> hidden, UniformRandomProvider rng) {
        return value(PairSchema.PLACEMENT, slots, hidden, rng);
    }

    /** A value network (the pool MLP alone). */
    public static PairNetwork value(PairSchema schema, int slots, List<Integer> hidden, UniformRandomProvider rng) {
        return new PairNetwork(schema, false, slots, null, Mlp.create(sizes(schema, hidden), Activation.RELU, rng));
    }

    /** A policy network of the given schema and hidden widths with zero parameters (to be read from a file). */
    public static PairNetwork emptyPolicy(PairSchema schema, int slots, List<Integer> hidden) {
        return new PairNetwork(schema, true, slots, new Mlp(sizes(schema, hidden), Activation.RELU),
                new Mlp(sizes(schema, hidden), Activation.RELU));
    }

    private static int[] sizes(PairSchema schema, List<Integer> hidden) {
        int[] s = new int[hidden.size() + 2];
        s[0] = schema.pairWidth();
        for (int i = 0; i < hidden.size(); i++) {
            s[i + 1] = hidden.get(i);
        }
        s[s.length - 1] = 1;
        return s;
    }

    /** The same network (same weights) for observations of another number of VM slots. */
    public PairNetwork withSlots(int n) {
        PairNetwork c = new PairNetwork(schema, policy, n, policy ? scorer.copy() : null, pool.copy());
        System.arraycopy(params, 0, c.params, 0, params.length);
        return c;
    }

    /**
     * A network of this one's schema, kind and slots carrying {@code source}'s weights: each input
     * takes the weights of the source's input of the same feature name, and a feature the source does
     * not observe starts with zero weights, so the network acts exactly as {@code source} until it is
     * trained (a {@code pairs-1} agent starts a deadline agent this way). Hidden widths must agree.
     *
     * @throws IllegalArgumentException when kinds or hidden widths differ
     */
    public PairNetwork adopt(PairNetwork source) {
        if (policy != source.policy || !Arrays.equals(hidden(), source.hidden())) {
            throw new IllegalArgumentException("a " + (source.policy ? "policy" : "value") + " network of hidden widths "
                    + Arrays.toString(source.hidden()) + " cannot start a " + (policy ? "policy" : "value")
                    + " network of hidden widths " + Arrays.toString(hidden()));
        }
        PairNetwork out = withSlots(slots);
        if (policy) {
            int[] map = inputMap(schema.vmFeatures(), schema.context(), source.schema.vmFeatures(), source.schema.context());
            copyMlp(source.params, 0, source.scorer, out.params, 0, scorer, map);
        }
        int[] map = inputMap(schema.context(), schema.vmFeatures(), source.schema.context(), source.schema.vmFeatures());
        copyMlp(source.params, source.scorerCount, source.pool, out.params, scorerCount, pool, map);
        return out;
    }

    /** A policy network of {@code schema} with {@code source}'s weights and widths ({@link #adopt}). */
    public static PairNetwork policyFrom(PairSchema schema, PairNetwork source) {
        return emptyPolicy(schema, source.slots, Arrays.stream(source.hidden()).boxed().toList()).adopt(source);
    }

    /** For inputs laid out as {@code first ‖ second}: each one's index in the source's layout, or -1. */
    private static int[] inputMap(List<String> first, List<String> second, List<String> sourceFirst,
                                  List<String> sourceSecond) {
        int[] map = new int[first.size() + second.size()];
        for (int i = 0; i < first.size(); i++) {
            map[i] = sourceFirst.indexOf(first.get(i));
        }
        for (int i = 0; i < second.size(); i++) {
            int k = sourceSecond.indexOf(second.get(i));
            map[first.size() + i] = k < 0 ? -1 : sourceFirst.size() + k;
        }
        return map;
    }

    /** Copies an MLP's weights, the first layer's input by input through {@code map}, the rest as they are. */
    private static void copyMlp(double[] from, int fromOffset, Mlp fromMlp, double[] to, int toOffset, Mlp toMlp,
                                int[] map) {
        int width = toMlp.sizes()[1];
        int first = fromOffset + fromMlp.weightOffset(0);
        int target = toOffset + toMlp.weightOffset(0);
        for (int i = 0; i < map.length; i++) {
            for (int j = 0; j < width; j++) {
                to[target + i * width + j] = map[i] < 0 ? 0 : from[first + map[i] * width + j];
            }
        }
        int fromRest = first + fromMlp.sizes()[0] * width;
        int toRest = target + map.length * width;
        System.arraycopy(from, fromRest, to, toRest, fromMlp.parameterCount() - fromMlp.sizes()[0] * width);
    }

    /** The observation schema the network reads. */
    public PairSchema schema() {
        return schema;
    }

    /** True for a policy network, false for a value network. */
    public boolean isPolicy() {
        return policy;
    }

    public int slots() {
        return slots;
    }

    /** The hidden widths of both MLPs. */
    public int[] hidden() {
        int[] s = pool.sizes();
        return Arrays.copyOfRange(s, 1, s.length - 1);
    }

    @Override
    public int inputSize() {
        return schema.size(slots);
    }

    @Override
    public int outputSize() {
        return policy ? slots + 1 : 1;
    }

    /** The pool's widths, then for a policy the scorer's: the shape, independent of the slots. */
    @Override
    public int[] sizes() {
        int[] p = pool.sizes();
        if (!policy) {
            return p;
        }
        int[] s = scorer.sizes();
        int[] all = Arrays.copyOf(p, p.length + s.length);
        System.arraycopy(s, 0, all, p.length, s.length);
        return all;
    }

    @Override
    public double[] parameters() {
        return params;
    }

    @Override
    public double[] gradients() {
        return grads;
    }

    @Override
    public PairNetwork copy() {
        return withSlots(slots);
    }

    @Override
    public double[] forward(double[] x, int batch) {
        int in = inputSize();
        if (batch < 1 || x.length < batch * in) {
            throw new IllegalArgumentException("input of length " + x.length + " does not hold " + batch + " rows of " + in);
        }
        // The optimiser updates the flat array in place: hand the current weights to the MLPs.
        if (policy) {
            System.arraycopy(params, 0, scorer.parameters(), 0, scorerCount);
        }
        System.arraycopy(params, scorerCount, pool.parameters(), 0, pool.parameterCount());
        int width = inputWidth();
        int c = schema.contextSize();
        int f = schema.vmSize();
        if (poolInput.length < batch * width) {
            poolInput = new double[batch * width];
            dPool = new double[batch];
        }
        int rows = 0;
        for (int b = 0; b < batch; b++) {
            int base = b * in;
            int p = b * width;
            System.arraycopy(x, base, poolInput, p, c);
            Arrays.fill(poolInput, p + c, p + width, 0);
            int present = 0;
            for (int s = 0; s < slots; s++) {
                int o = base + c + s * f;
                if (x[o] == 0) {
                    continue;
                }
                present++;
                for (int k = 0; k < f; k++) {
                    poolInput[p + c + k] += x[o + k];
                }
                if (policy) {
                    rows = addScorerRow(x, base, o, rows, b * slots + s);
                }
            }
            for (int k = 0; present > 0 && k < f; k++) {
                poolInput[p + c + k] /= present;
            }
        }
        int outWidth = outputSize();
        if (output.length < batch * outWidth) {
            output = new double[batch * outWidth];
        }
        Arrays.fill(output, 0, batch * outWidth, 0);
        double[] poolOut = pool.forward(poolInput, batch);
        for (int b = 0; b < batch; b++) {
            output[b * outWidth] = poolOut[b];
        }
        if (policy && rows > 0) {
            double[] scores = scorer.forward(scorerInput, rows);
            for (int r = 0; r < rows; r++) {
                int b = rowOf[r] / slots;
                int s = rowOf[r] % slots;
                output[b * outWidth + 1 + s] = scores[r];
            }
        }
        lastRows = rows;
        lastBatch = batch;
        return output;
    }

    /** Appends the scorer row of the VM at {@code o}: its features, then the context of the row at {@code base}. */
    private int addScorerRow(double[] x, int base, int o, int rows, int slotIndex) {
        int width = inputWidth();
        int f = schema.vmSize();
        if (scorerInput.length < (rows + 1) * width) {
            int cap = Math.max(rows + 1, 2 * rowOf.length);
            scorerInput = Arrays.copyOf(scorerInput, cap * width);
            rowOf = Arrays.copyOf(rowOf, cap);
            dScorer = new double[cap];
        }
        System.arraycopy(x, o, scorerInput, rows * width, f);
        System.arraycopy(x, base, scorerInput, rows * width + f, schema.contextSize());
        rowOf[rows] = slotIndex;
        return rows + 1;
    }

    @Override
    public void backward(double[] dOutput, int batch) {
        if (batch != lastBatch) {
            throw new IllegalStateException("backward needs a forward pass of the same batch first");
        }
        int outWidth = outputSize();
        for (int b = 0; b < batch; b++) {
            dPool[b] = dOutput[b * outWidth];
        }
        pool.zeroGradients();
        pool.backward(dPool, batch);
        double[] pg = pool.gradients();
        for (int i = 0; i < pg.length; i++) {
            grads[scorerCount + i] += pg[i];
        }
        if (policy && lastRows > 0) {
            for (int r = 0; r < lastRows; r++) {
                int b = rowOf[r] / slots;
                int s = rowOf[r] % slots;
                dScorer[r] = dOutput[b * outWidth + 1 + s];
            }
            scorer.zeroGradients();
            scorer.backward(dScorer, lastRows);
            double[] sg = scorer.gradients();
            for (int i = 0; i < scorerCount; i++) {
                grads[i] += sg[i];
            }
        }
    }
}
