package io.execplace.cli.train;

import io.execplace.cli.command.Options;
import io.execplace.rl.env.TpdsEnvConfig;
import picocli.CommandLine.Option;

import java.util.List;

/** The TPDS environment's options (docs/rl.md, "Environment"). */
final class EnvironmentOptions {

    @Option(names = "--variant", paramLabel = "paper|reference",
            description = "Reward rules: paper (TPDS Table 3) or reference (the TPDS code: -50 for a wait after a "
                    + "partial placement, capacity look-ahead check). Default: paper.")
    String variant;

    @Option(names = "--mask", negatable = true,
            description = "Expose the action mask (agents choose only moves no rule penalises). Default: off, as in the paper.")
    Boolean mask;

    @Option(names = "--normalise", negatable = true,
            description = "Normalised observations (free resources / capacity, job values / maxima). Default: off (raw, as the paper).")
    Boolean normalise;

    @Option(names = "--partial-wait-reward", paramLabel = "R", description = "Reward of a wait after a partial placement (paper -200, reference -50).")
    Double partialWaitReward;

    @Option(names = "--partial-wait-ends", negatable = true,
            description = "A wait after a partial placement ends the episode (default: yes, paper and reference).")
    Boolean partialWaitEnds;

    @Option(names = "--lookahead", negatable = true, description = "The reference code's capacity look-ahead check (default: off; on in --variant reference).")
    Boolean lookahead;

    @Option(names = "--fixed-reward", paramLabel = "R", description = "R_fixed of Eq. 14 (default 10000).")
    Double fixedReward;

    @Option(names = "--busy-time", negatable = true,
            description = "Observe every VM's remaining busy time too (execplace extension). Default: off (the paper's observation).")
    Boolean busyTime;

    @Option(names = "--per-job-reward", negatable = true,
            description = "Pay R_epi's cost and duration terms as they accrue, step by step; a completed episode's "
                    + "undiscounted return is unchanged (execplace extension). Default: off (R_epi at the end, as the paper).")
    Boolean perJobReward;

    @Option(names = "--max-steps", paramLabel = "N", description = "Truncate episodes after N steps (default 0: no limit).")
    Integer maxSteps;

    /**
     * The environment configuration for {@code beta} with every given option applied; a value the
     * configuration refuses is refused naming its option.
     */
    TpdsEnvConfig resolve(double beta) {
        Options.checked("--beta", () -> TpdsEnvConfig.variant("paper", beta)); // beta's own check, before the variant's
        TpdsEnvConfig c = Options.checked("--variant", () -> TpdsEnvConfig.variant(variant == null ? "paper" : variant, beta));
        if (mask != null) {
            c = c.withMasking(mask);
        }
        if (normalise != null) {
            c = c.withNormalised(normalise);
        }
        if (partialWaitReward != null) {
            c = step("--partial-wait-reward", c, e -> e.withRewards(e.rewards().withPartialWait(partialWaitReward)));
        }
        if (partialWaitEnds != null) {
            c = c.withPartialWaitEnds(partialWaitEnds);
        }
        if (lookahead != null) {
            c = c.withLookAhead(lookahead);
        }
        if (fixedReward != null) {
            c = step("--fixed-reward", c, e -> e.withFixedReward(fixedReward));
        }
        if (maxSteps != null) {
            c = step("--max-steps", c, e -> e.withMaxSteps(maxSteps));
        }
        if (busyTime != null) {
            c = c.withBusyTime(busyTime);
        }
        if (perJobReward != null) {
            c = c.withPerJobReward(perJobReward);
        }
        return c;
    }

    private static TpdsEnvConfig step(String option, TpdsEnvConfig c, java.util.function.UnaryOperator<TpdsEnvConfig> apply) {
        return Options.checked(option, () -> apply.apply(c));
    }

    /** The options given on the command line (to refuse them where they cannot apply). */
    List<String> given() {
        return Options.given(new Object[][]{
            {"--variant", variant}, {"--mask", mask}, {"--normalise", normalise},
            {"--partial-wait-reward", partialWaitReward}, {"--partial-wait-ends", partialWaitEnds},
            {"--lookahead", lookahead}, {"--fixed-reward", fixedReward}, {"--max-steps", maxSteps},
            {"--busy-time", busyTime}, {"--per-job-reward", perJobReward}});
    }
}
