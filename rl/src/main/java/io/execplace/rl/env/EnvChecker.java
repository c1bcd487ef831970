package io.execplace.rl.env;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.function.Supplier;

/**
 * A conformance check for any {@link Env}, in the spirit of Gymnasium's {@code env_checker}: it plays
 * seeded random episodes (uniform over the actions the mask allows) and reports every way the
 * environment breaks the contract. Each environment's tests call it, so an environment added later
 * is held to the same rules:
 * <ul>
 *   <li>stepping before the first reset, after an episode ended, or with an action outside the
 *       action space is refused;</li>
 *   <li>the same seed gives the same episode (observations, masks, rewards, flags, events, outcome),
 *       on a fresh environment and after resetting a used one;</li>
 *   <li>observations have the declared size and lie in the declared space, rewards are finite;</li>
 *   <li>the mask has one entry per action and allows at least one; with
 *       {@link Options#maskPreventsPenalties} an allowed action never earns a penalty
 *       ({@link StepEvent#penalised()});</li>
 *   <li>terminated and truncated are never both set; an episode ends within the step budget;</li>
 *   <li>the {@linkplain Env#outcome() outcome} is refused before the first reset
 *       ({@link IllegalStateException}), exists and is not completed while an episode runs, and
 *       agrees with the episode at its end: a completed episode ends with
 *       a {@link StepEvent#COMPLETED} step whose reward is the outcome's episode reward, has placed
 *       every job and has a finite, non-negative cost; counts lie within the job count.</li>
 * </ul>
 */
public final class EnvChecker {

    /**
     * What to play and expect.
     *
     * @param seeds                  the reset seeds to play (each twice, for determinism)
     * @param maxSteps               steps after which an episode that has not ended is a failure
     * @param maskPreventsPenalties  true when an allowed action must never be penalised
     */
    public record Options(long[] seeds, int maxSteps, boolean maskPreventsPenalties) {
        public Options {
            if (seeds.length == 0 || maxSteps < 1) {
                throw new IllegalArgumentException("the check needs at least one seed and a positive step budget");
            }
            seeds = seeds.clone();
        }
    }

    private EnvChecker() {
    }

    /**
     * Checks environments made by {@code factory} (called twice: determinism is checked on two fresh
     * instances as well as on a reused one).
     *
     * @return the problems found, empty when the environment conforms
     */
    public static List<String> check(Supplier<? extends Env> factory, Options options) {
        List<String> problems = new ArrayList<>();
        Env env = factory.get();
        Env twin = factory.get();
        checkSpaces(env, problems);
        try {
            env.step(0);
            problems.add("step before the first reset was accepted");
        } catch (IllegalStateException expected) {
            // as it should be
        }
        try {
            env.outcome();
            problems.add("outcome before the first reset was given (expected IllegalStateException)");
        } catch (IllegalStateException expected) {
            // as it should be
        } catch (RuntimeException e) {
            problems.add("outcome before the first reset threw " + e.getClass().getSimpleName()
                    + " instead of IllegalStateException");
        }
        for (long seed : options.seeds()) {
            Trace first = play(env, seed, options, problems);
            Trace again = play(env, seed, options, problems);
            Trace fresh = play(twin, seed, options, problems);
            if (!first.equals(again)) {
                problems.add("seed " + seed + ": resetting a used environment replays a different episode");
            }
            if (!first.equals(fresh)) {
                problems.add("seed " + seed + ": two fresh environments play different episodes");
            }
            try {
                env.step(0);
                problems.add("seed " + seed + ": step after the episode ended was accepted");
            } catch (IllegalStateException expected) {
                // as it should be
            }
        }
        env.reset(options.seeds()[0]);
        for (int bad : new int[]{-1, env.actionCount()}) {
            try {
                env.step(bad);
                problems.add("action " + bad + " outside the action space was accepted");
            } catch (IllegalArgumentException expected) {
                // as it should be
            }
        }
        return problems;
    }

    private static void checkSpaces(Env env, List<String> problems) {
        if (env.observationSize() < 1) {
            problems.add("observation space is empty");
        }
        if (env.actionCount() < 1) {
            problems.add("action space is empty");
        }
        if (env.observationSpace().labels().size() != env.observationSize()) {
            problems.add("observation labels do not match the observation size");
        }
    }

    /** {@link Env#writeActionMask} says what {@link Env#actionMask} says: the same bytes, the allowed actions listed. */
    private static void checkMaskBytes(Env env, boolean[] mask, int[] allowed, int n, String where, List<String> problems) {
        byte[] bytes = new byte[mask.length + 2];
        int[] listed = new int[mask.length];
        int count = env.writeActionMask(bytes, 1, listed);
        for (int a = 0; a < mask.length; a++) {
            if (bytes[1 + a] != (mask[a] ? 1 : 0)) {
                problems.add(where + ": writeActionMask gives " + bytes[1 + a] + " for action " + a + ", the mask " + mask[a]);
                return;
            }
        }
        if (count != n || !Arrays.equals(listed, 0, n, allowed, 0, n) || bytes[0] != 0 || bytes[mask.length + 1] != 0) {
            problems.add(where + ": writeActionMask lists " + Arrays.toString(Arrays.copyOf(listed, count))
                    + " (or writes outside its row), the mask allows " + Arrays.toString(Arrays.copyOf(allowed, n)));
        }
    }

    /** One episode: everything the agent saw, to compare replays. */
    private record Trace(List<String> steps, EpisodeOutcome outcome) {
    }

    private static Trace play(Env env, long seed, Options options, List<String> problems) {
        SplittableRandom random = new SplittableRandom(seed);
        List<String> steps = new ArrayList<>();
        double[] obs = env.reset(seed);
        checkObservation(env, obs, seed, 0, problems);
        checkRunningOutcome(env, seed, 0, problems);
        int[] allowed = new int[env.actionCount()];
        StepResult last = null;
        for (int t = 1; t <= options.maxSteps(); t++) {
            boolean[] mask = env.actionMask();
            if (mask.length != env.actionCount()) {
                problems.add("seed " + seed + " step " + t + ": mask has " + mask.length + " entries for "
                        + env.actionCount() + " actions");
                return new Trace(steps, null);
            }
            int n = 0;
            for (int a = 0; a < mask.length; a++) {
                if (mask[a]) {
                    allowed[n++] = a;
                }
            }
            if (n == 0) {
                problems.add("seed " + seed + " step " + t + ": the mask allows no action");
                return new Trace(steps, null);
            }
            checkMaskBytes(env, mask, allowed, n, "seed " + seed + " step " + t, problems);
            int action = allowed[random.nextInt(n)];
            StepResult r = env.step(action);
            steps.add(Arrays.toString(mask) + action + Arrays.toString(r.observation()) + r.reward() + r.terminated()
                    + r.truncated() + r.event());
            checkObservation(env, r.observation(), seed, t, problems);
            if (!Double.isFinite(r.reward())) {
                problems.add("seed " + seed + " step " + t + ": reward " + r.reward() + " is not finite");
            }
            if (r.terminated() && r.truncated()) {
                problems.add("seed " + seed + " step " + t + ": both terminated and truncated");
            }
            if (options.maskPreventsPenalties() && r.event() != null && r.event().penalised()) {
                problems.add("seed " + seed + " step " + t + ": allowed action " + action + " was penalised ("
                        + r.event() + ")");
            }
            last = r;
            if (r.done()) {
                break;
            }
            checkRunningOutcome(env, seed, t, problems);
        }
        if (last == null || !last.done()) {
            problems.add("seed " + seed + ": episode did not end within " + options.maxSteps() + " steps");
            return new Trace(steps, null);
        }
        EpisodeOutcome outcome = env.outcome();
        checkOutcome(outcome, last, seed, problems);
        return new Trace(steps, outcome);
    }

    private static void checkObservation(Env env, double[] obs, long seed, int t, List<String> problems) {
        if (obs == null || obs.length != env.observationSize()) {
            problems.add("seed " + seed + " step " + t + ": observation has the wrong size");
        } else if (!env.observationSpace().contains(obs)) {
            problems.add("seed " + seed + " step " + t + ": observation " + Arrays.toString(obs)
                    + " lies outside the observation space");
        }
    }

    /** While an episode runs its outcome exists, is not completed and its counts lie within the job count. */
    private static void checkRunningOutcome(Env env, long seed, int t, List<String> problems) {
        EpisodeOutcome o;
        try {
            o = env.outcome();
        } catch (RuntimeException e) {
            problems.add("seed " + seed + " step " + t + ": outcome during the episode threw " + e);
            return;
        }
        if (o == null) {
            problems.add("seed " + seed + " step " + t + ": no outcome during the episode");
        } else if (o.completed()) {
            problems.add("seed " + seed + " step " + t + ": outcome completed while the episode runs");
        } else if (o.jobsPlaced() < 0 || o.jobsPlaced() > startsAllowed(o)) {
            problems.add("seed " + seed + " step " + t + ": outcome counts are inconsistent: " + o);
        }
    }

    /**
     * Starts an outcome may count: each job once, plus a restart for every job that spot capacity
     * taken back or consolidation stopped (elastic pools), which is placed again.
     */
    private static int startsAllowed(EpisodeOutcome o) {
        return o.jobs() + o.capacity().jobsStopped() + o.capacity().jobsEvicted();
    }

    private static void checkOutcome(EpisodeOutcome o, StepResult last, long seed, List<String> problems) {
        if (o == null) {
            problems.add("seed " + seed + ": no outcome after the episode ended");
            return;
        }
        if (!Objects.equals(o.endEvent(), last.event())) {
            problems.add("seed " + seed + ": outcome end event " + o.endEvent() + " is not the last step's " + last.event());
        }
        if (o.jobsPlaced() < 0 || o.jobsPlaced() > startsAllowed(o) || o.goodPlacements() > o.jobsPlaced()) {
            problems.add("seed " + seed + ": outcome counts are inconsistent: " + o);
        }
        if (o.completed()) {
            if (!last.terminated() || last.event() != StepEvent.COMPLETED) {
                problems.add("seed " + seed + ": outcome completed but the last step was " + last.event());
            }
            if (o.jobsPlaced() != startsAllowed(o)) {
                problems.add("seed " + seed + ": completed with " + o.jobsPlaced() + " of " + o.jobs() + " jobs placed"
                        + " (" + (startsAllowed(o) - o.jobs()) + " restarts)");
            }
            if (!(o.cost() >= 0) || !Double.isFinite(o.cost()) || !(o.meanDuration() > 0)) {
                problems.add("seed " + seed + ": completed with cost " + o.cost() + " and mean duration " + o.meanDuration());
            }
            if (Double.compare(o.episodeReward(), last.reward()) != 0) {
                problems.add("seed " + seed + ": outcome episode reward " + o.episodeReward()
                        + " differs from the completing step's reward " + last.reward());
            }
        } else if (last.event() == StepEvent.COMPLETED) {
            problems.add("seed " + seed + ": the last step completed the episode but the outcome says it did not");
        }
    }
}
