package io.execplace.liu.agent;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Settings of the LIU agent; {@link #paper()} gives the paper's values, the withers change one.
 *
 * @param hidden         widths of the hidden layers (2000, 500)
 * @param lambda         λ of Eq. 1 (own missed deadlines)
 * @param gamma          γ of Eqs. 1–2 (everyone's missed deadlines during the application's life)
 * @param eta            η of Eqs. 1–2 (delay result)
 * @param replay         decisions kept (50,000)
 * @param samples        decisions trained on after each episode (1,000)
 * @param miniBatch      SGD mini-batch; the samples are taken in {@code samples / miniBatch} steps
 * @param learningRate   SGD step size
 * @param epsilon2       share of exploration that is random rather than baseline-guided (Eq. 3)
 * @param epsilonStart   ε1 at the first episode (0.8)
 * @param epsilonEnd     ε1 after the decay (0.00001)
 * @param decayEpisodes  episodes over which ε1 falls linearly (1,900 of 2,000)
 * @param guided         true for Eq. 3; false for plain ε-greedy (Fig. 4(d))
 * @param guide          the baseline that guides exploration ({@code sf-e})
 */
public record LiuAgentConfig(@JsonProperty("hidden") int[] hidden, @JsonProperty("lambda") double lambda,
                             @JsonProperty("gamma") double gamma, @JsonProperty("eta") double eta,
                             @JsonProperty("replay") int replay, @JsonProperty("samples") int samples,
                             @JsonProperty("miniBatch") int miniBatch,
                             @JsonProperty("learningRate") double learningRate,
                             @JsonProperty("epsilon2") double epsilon2,
                             @JsonProperty("epsilonStart") double epsilonStart,
                             @JsonProperty("epsilonEnd") double epsilonEnd,
                             @JsonProperty("decayEpisodes") int decayEpisodes,
                             @JsonProperty("guided") boolean guided, @JsonProperty("guide") String guide) {

    public LiuAgentConfig {
        hidden = hidden.clone();
        for (int h : hidden) {
            if (h < 1 || h > 100_000) {
                throw new IllegalArgumentException("hidden widths must be in 1..100000, got " + h);
            }
        }
        if (replay < 1 || samples < 1 || miniBatch < 1 || miniBatch > samples || decayEpisodes < 1) {
            throw new IllegalArgumentException("replay, samples, mini-batch (at most samples) and decay episodes must be positive");
        }
        if (!(learningRate > 0) || !(epsilon2 >= 0 && epsilon2 <= 1) || !(epsilonStart >= 0 && epsilonStart <= 1)
                || !(epsilonEnd >= 0 && epsilonEnd <= epsilonStart)) {
            throw new IllegalArgumentException("learning rate > 0 and 0 <= ε_end <= ε_start <= 1, 0 <= ε2 <= 1 needed");
        }
    }

    /** The paper's settings (§IV-B, §IV-C2); learning rate and mini-batch are ours (the paper gives none). */
    public static LiuAgentConfig paper() {
        return new LiuAgentConfig(new int[] {2000, 500}, 1, 0.02, 0.1, 50_000, 1000, 100, 0.005, 0.5, 0.8, 0.00001, 1900,
                true, "sf-e");
    }

    /** ε1 at a 0-based training episode: linear from start to end over the decay episodes, then the end. */
    public double epsilonAt(int episode) {
        if (episode >= decayEpisodes - 1) {
            return epsilonEnd;
        }
        return epsilonStart + (epsilonEnd - epsilonStart) * episode / (decayEpisodes - 1);
    }

    public LiuAgentConfig withHidden(int... h) {
        return new LiuAgentConfig(h, lambda, gamma, eta, replay, samples, miniBatch, learningRate, epsilon2, epsilonStart,
                epsilonEnd, decayEpisodes, guided, guide);
    }

    public LiuAgentConfig withGuided(boolean g) {
        return new LiuAgentConfig(hidden, lambda, gamma, eta, replay, samples, miniBatch, learningRate, epsilon2,
                epsilonStart, epsilonEnd, decayEpisodes, g, guide);
    }

    public LiuAgentConfig withDecayEpisodes(int n) {
        return new LiuAgentConfig(hidden, lambda, gamma, eta, replay, samples, miniBatch, learningRate, epsilon2,
                epsilonStart, epsilonEnd, n, guided, guide);
    }

    public LiuAgentConfig withSamples(int n, int batch) {
        return new LiuAgentConfig(hidden, lambda, gamma, eta, replay, n, batch, learningRate, epsilon2, epsilonStart,
                epsilonEnd, decayEpisodes, guided, guide);
    }

    public LiuAgentConfig withLearningRate(double lr) {
        return new LiuAgentConfig(hidden, lambda, gamma, eta, replay, samples, miniBatch, lr, epsilon2, epsilonStart,
                epsilonEnd, decayEpisodes, guided, guide);
    }

    public LiuAgentConfig withReplay(int n) {
        return new LiuAgentConfig(hidden, lambda, gamma, eta, n, samples, miniBatch, learningRate, epsilon2, epsilonStart,
                epsilonEnd, decayEpisodes, guided, guide);
    }

    @Override
    public int[] hidden() {
        return hidden.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LiuAgentConfig c && java.util.Arrays.equals(hidden, c.hidden) && lambda == c.lambda
                && gamma == c.gamma && eta == c.eta && replay == c.replay && samples == c.samples
                && miniBatch == c.miniBatch && learningRate == c.learningRate && epsilon2 == c.epsilon2
                && epsilonStart == c.epsilonStart && epsilonEnd == c.epsilonEnd && decayEpisodes == c.decayEpisodes
                && guided == c.guided && guide.equals(c.guide);
    }

    @Override
    public int hashCode() {
        return java.util.Arrays.hashCode(hidden) * 31 + Double.hashCode(learningRate) + (guided ? 1 : 0);
    }
}
