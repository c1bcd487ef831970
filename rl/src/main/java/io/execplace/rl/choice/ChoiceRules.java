package io.execplace.rl.choice;

/**
 * How a choice agent turns its network's scores into a decision.
 *
 * @param margin         another candidate replaces the first (milp's) only when it scores higher by
 *                       more than this, in the training labels' units; 0 takes the best score
 * @param maxHoldSeconds once a job has waited this long since it arrived, waiting is no longer
 *                       chosen while a placement is possible; infinite: no limit. Why: neither cost
 *                       nor HJS's Target counts how long a job without a deadline waits, so an agent
 *                       taught by them may hold such jobs back for long
 */
public record ChoiceRules(double margin, double maxHoldSeconds) {

    /** The best score, no limit on holding. */
    public static final ChoiceRules DEFAULT = new ChoiceRules(0, Double.POSITIVE_INFINITY);

    public ChoiceRules {
        if (!(margin >= 0)) {
            throw new IllegalArgumentException("the margin must be a number >= 0, got " + margin);
        }
        if (!(maxHoldSeconds >= 0)) {
            throw new IllegalArgumentException("the longest hold must be a number of seconds >= 0, got " + maxHoldSeconds);
        }
    }

    /** These rules with {@code margin}. */
    public ChoiceRules withMargin(double margin) {
        return new ChoiceRules(margin, maxHoldSeconds);
    }

    /** These rules with the longest hold {@code seconds}. */
    public ChoiceRules withMaxHold(double seconds) {
        return new ChoiceRules(margin, seconds);
    }
}
