package io.execplace.rl.standard;

import io.execplace.rl.env.Env;
import io.execplace.rl.env.EnvWrapper;
import io.execplace.rl.env.StepResult;

import java.util.ArrayList;
import java.util.List;

/** Records the undiscounted return of every episode that ends, in order (for learning-curve checks). */
final class ReturnLog extends EnvWrapper {

    private final List<Double> returns = new ArrayList<>();
    private double running;

    ReturnLog(Env env) {
        super(env);
    }

    @Override
    public double[] reset(long seed, long episode) {
        running = 0;
        return env.reset(seed, episode);
    }

    @Override
    public StepResult step(int action) {
        StepResult r = env.step(action);
        running += r.reward();
        if (r.done()) {
            returns.add(running);
        }
        return r;
    }

    /** Returns of the episodes ended so far. */
    List<Double> returns() {
        return returns;
    }

    /** Mean return of the last {@code n} ended episodes (NaN with fewer). */
    double meanOfLast(int n) {
        if (returns.size() < n) {
            return Double.NaN;
        }
        double sum = 0;
        for (int i = returns.size() - n; i < returns.size(); i++) {
            sum += returns.get(i);
        }
        return sum / n;
    }
}
