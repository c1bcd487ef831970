package io.execplace.experiments.env;

import io.execplace.core.rules.HjsWeightOrder;
import io.execplace.experiments.scenario.EnvironmentSetup;
import io.execplace.rl.env.Env;
import io.execplace.rl.env.HjsEnv;
import io.execplace.rl.env.HjsEnvConfig;
import io.execplace.rl.env.registry.EnvSetting;
import io.execplace.rl.env.registry.EnvSettings;

import java.util.List;

/**
 * Registers {@code hjs}: the HJS environment ({@link HjsEnv}, HJS Table 1 and Target), jobs offered
 * in {@code hjs-weight} order, masked and normalised by default as {@code execplace train --env hjs}.
 */
public final class HjsEnvFactory extends ListedEnvFactory {

    private static final List<EnvSetting> SETTINGS = TpdsEnvFactory.concat(EnvSettingGroups.SCENARIO, List.of(
            new EnvSetting("weight-lambda", Double.toString(HjsWeightOrder.DEFAULT_LAMBDA),
                    "λ of the hjs-weight order jobs are offered in (HJS Eq. 8)"),
            new EnvSetting("mask", "true", "expose the action mask"),
            new EnvSetting("normalise", "true", "normalised observations"),
            new EnvSetting("max-steps", "0", "truncate episodes after this many steps (0: no limit)")));

    public HjsEnvFactory() {
        super("hjs",
                "HJS placement (HJS Table 1, Target reward): place jobs offered in hjs-weight order, or skip",
                SETTINGS);
    }

    @Override
    public Env make(EnvSettings s) {
        HjsEnvConfig config = s.checked("weight-lambda", () -> HjsEnvConfig.of(s.decimal("weight-lambda")))
                .withObservation(EnvSettingGroups.observation(s));
        EnvironmentSetup.Resolved r = EnvSettingGroups.resolve(s, s.text("cluster"), s.text("workload"));
        return new HjsEnv(r.cluster(), r.workloads(), r.durationModel(), config, null).wrapped();
    }
}
