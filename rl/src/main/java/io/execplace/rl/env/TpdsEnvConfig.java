package io.execplace.rl.env;

import io.execplace.core.rules.QueuePolicy;

/**
 * The settings of the TPDS executor-placement environment ({@link TpdsEnv}, TPDS §4, Table 3): its
 * episode rules, what the agent observes, and whether the observation carries the VMs' busy times.
 * The flat accessors and {@code withX} methods reach into the two parts, so code that sets one
 * option names the option, not the part it lives in.
 *
 * @param rules       rewards, episode ends and queue order ({@link TpdsEpisodeRules})
 * @param observation normalisation, action mask and step limit, as the HJS environment's
 * @param busyTime    append every VM's remaining busy time to the observation (an execplace
 *                    extension; the paper's observation has free resources only)
 */
public record TpdsEnvConfig(TpdsEpisodeRules rules, ObservationSettings observation, boolean busyTime) {

    public TpdsEnvConfig {
        if (rules == null || observation == null) {
            throw new IllegalArgumentException("the TPDS environment needs its rules and observation settings");
        }
    }

    /** The paper's environment: Table 3 rewards, raw observations, no mask, no look-ahead. */
    public static TpdsEnvConfig paper(double beta) {
        return new TpdsEnvConfig(TpdsEpisodeRules.paper(beta), ObservationSettings.RAW, false);
    }

    /** The reference code's environment: −50 for a partial wait, the capacity look-ahead check. */
    public static TpdsEnvConfig reference(double beta) {
        return new TpdsEnvConfig(TpdsEpisodeRules.reference(beta), ObservationSettings.RAW, false);
    }

    /** {@code paper} or {@code reference}, ignoring case. */
    public static TpdsEnvConfig variant(String name, double beta) {
        return new TpdsEnvConfig(TpdsEpisodeRules.variant(name, beta), ObservationSettings.RAW, false);
    }

    // The rules' options.

    public double beta() {
        return rules.beta();
    }

    public double fixedReward() {
        return rules.fixedReward();
    }

    public TpdsEpisodeRules.Rewards rewards() {
        return rules.rewards();
    }

    public boolean partialWaitEnds() {
        return rules.partialWaitEnds();
    }

    public boolean lookAhead() {
        return rules.lookAhead();
    }

    public boolean perJobReward() {
        return rules.perJobReward();
    }

    public String queue() {
        return rules.queue();
    }

    public boolean targetReward() {
        return rules.targetReward();
    }

    /** The queue order as the kernel takes it. */
    public QueuePolicy queuePolicy() {
        return rules.queuePolicy();
    }

    // The observation's options.

    public boolean normalised() {
        return observation.normalised();
    }

    public boolean masking() {
        return observation.masking();
    }

    public int maxSteps() {
        return observation.maxSteps();
    }

    public TpdsEnvConfig withRules(TpdsEpisodeRules r) {
        return new TpdsEnvConfig(r, observation, busyTime);
    }

    public TpdsEnvConfig withObservation(ObservationSettings o) {
        return new TpdsEnvConfig(rules, o, busyTime);
    }

    public TpdsEnvConfig withBeta(double b) {
        return withRules(rules.withBeta(b));
    }

    public TpdsEnvConfig withFixedReward(double r) {
        return withRules(rules.withFixedReward(r));
    }

    public TpdsEnvConfig withRewards(TpdsEpisodeRules.Rewards r) {
        return withRules(rules.withRewards(r));
    }

    public TpdsEnvConfig withPartialWaitEnds(boolean on) {
        return withRules(rules.withPartialWaitEnds(on));
    }

    public TpdsEnvConfig withLookAhead(boolean on) {
        return withRules(rules.withLookAhead(on));
    }

    public TpdsEnvConfig withPerJobReward(boolean on) {
        return withRules(rules.withPerJobReward(on));
    }

    public TpdsEnvConfig withQueue(String order) {
        return withRules(rules.withQueue(order));
    }

    public TpdsEnvConfig withTargetReward(boolean on) {
        return withRules(rules.withTargetReward(on));
    }

    public TpdsEnvConfig withNormalised(boolean on) {
        return withObservation(new ObservationSettings(on, masking(), maxSteps()));
    }

    public TpdsEnvConfig withMasking(boolean on) {
        return withObservation(new ObservationSettings(normalised(), on, maxSteps()));
    }

    public TpdsEnvConfig withMaxSteps(int n) {
        return withObservation(new ObservationSettings(normalised(), masking(), n));
    }

    public TpdsEnvConfig withBusyTime(boolean on) {
        return new TpdsEnvConfig(rules, observation, on);
    }
}
