package io.execplace.rl.standard;

import io.execplace.rl.env.BoxSpace;
import io.execplace.rl.env.DiscreteSpace;
import io.execplace.rl.env.Env;
import io.execplace.rl.env.EpisodeOutcome;
import io.execplace.rl.env.StepResult;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;

import java.util.Arrays;
import java.util.List;

/**
 * CartPole-v1, the standard control task, as an {@link Env}: a pole hinged on a cart that moves on a
 * frictionless track; action 0 pushes the cart left, 1 right, with a fixed force; the reward is 1
 * for every step; the episode terminates when the pole leans more than 12° or the cart leaves the
 * track (|x| &gt; 2.4) and is truncated after 500 steps. The equations of motion are those of Barto,
 * Sutton and Anderson (1983) with Florian's correction (2007), integrated by explicit Euler steps of
 * 0.02 s, as Gymnasium's {@code CartPoleEnv} integrates them; the start state is uniform in
 * [−0.05, 0.05]⁴. Used only to check our learners against a task with published learning curves.
 */
public final class CartPole implements Env {

    static final double GRAVITY = 9.8;
    static final double CART_MASS = 1.0;
    static final double POLE_MASS = 0.1;
    static final double TOTAL_MASS = CART_MASS + POLE_MASS;
    /** Half the pole's length, as Gymnasium's {@code length}. */
    static final double HALF_LENGTH = 0.5;
    static final double POLE_MASS_LENGTH = POLE_MASS * HALF_LENGTH;
    static final double FORCE = 10.0;
    static final double TAU = 0.02;
    static final double THETA_LIMIT = 12 * 2 * Math.PI / 360;
    static final double X_LIMIT = 2.4;
    static final int MAX_STEPS = 500;

    private static final BoxSpace OBSERVATION = new BoxSpace(
            new double[]{-2 * X_LIMIT, -Double.MAX_VALUE, -2 * THETA_LIMIT, -Double.MAX_VALUE},
            new double[]{2 * X_LIMIT, Double.MAX_VALUE, 2 * THETA_LIMIT, Double.MAX_VALUE},
            List.of("x", "x_dot", "theta", "theta_dot"));
    private static final DiscreteSpace ACTIONS = new DiscreteSpace(List.of("push left", "push right"));

    private final double[] state = new double[4];
    private final double[] observation = new double[4];
    private final boolean[] mask = {true, true};
    private final StepResult result = new StepResult();
    private boolean started;
    private boolean running;
    private int steps;

    @Override
    public BoxSpace observationSpace() {
        return OBSERVATION;
    }

    @Override
    public DiscreteSpace actionSpace() {
        return ACTIONS;
    }

    /** Episode {@code episode} starts from a state drawn by a generator seeded from both values. */
    @Override
    public double[] reset(long seed, long episode) {
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(new long[]{seed, episode});
        for (int i = 0; i < 4; i++) {
            state[i] = -0.05 + 0.1 * rng.nextDouble();
        }
        steps = 0;
        started = true;
        running = true;
        return observe();
    }

    /** Starts from a given state (for tests of the physics). */
    double[] resetTo(double x, double xDot, double theta, double thetaDot) {
        state[0] = x;
        state[1] = xDot;
        state[2] = theta;
        state[3] = thetaDot;
        steps = 0;
        started = true;
        running = true;
        return observe();
    }

    @Override
    public StepResult step(int action) {
        if (action < 0 || action > 1) {
            throw new IllegalArgumentException("CartPole has actions 0 and 1, got " + action);
        }
        if (!running) {
            throw new IllegalStateException("no episode is running: call reset first");
        }
        double x = state[0];
        double xDot = state[1];
        double theta = state[2];
        double thetaDot = state[3];
        double force = action == 1 ? FORCE : -FORCE;
        double cos = Math.cos(theta);
        double sin = Math.sin(theta);
        double temp = (force + POLE_MASS_LENGTH * thetaDot * thetaDot * sin) / TOTAL_MASS;
        double thetaAcc = (GRAVITY * sin - cos * temp)
                / (HALF_LENGTH * (4.0 / 3.0 - POLE_MASS * cos * cos / TOTAL_MASS));
        double xAcc = temp - POLE_MASS_LENGTH * thetaAcc * cos / TOTAL_MASS;
        state[0] = x + TAU * xDot;
        state[1] = xDot + TAU * xAcc;
        state[2] = theta + TAU * thetaDot;
        state[3] = thetaDot + TAU * thetaAcc;
        steps++;
        boolean terminated = Math.abs(state[0]) > X_LIMIT || Math.abs(state[2]) > THETA_LIMIT;
        boolean truncated = !terminated && steps >= MAX_STEPS;
        running = !(terminated || truncated);
        result.set(observe(), 1.0, terminated, truncated, null);
        return result;
    }

    private double[] observe() {
        System.arraycopy(state, 0, observation, 0, 4);
        return observation;
    }

    @Override
    public boolean[] actionMask() {
        return mask;
    }

    @Override
    public EpisodeOutcome outcome() {
        if (!started) {
            throw new IllegalStateException("no episode has started: call reset first");
        }
        return EpisodeOutcome.builder().completed(!running).episodeReward(steps).jobsPlaced(steps).jobs(MAX_STEPS)
                .build();
    }

    /** The current state (a copy), for tests. */
    double[] state() {
        return Arrays.copyOf(state, 4);
    }
}
