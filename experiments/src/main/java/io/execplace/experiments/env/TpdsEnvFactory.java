package io.execplace.experiments.env;

import io.execplace.experiments.scenario.EnvironmentSetup;
import io.execplace.rl.env.Env;
import io.execplace.rl.env.TpdsEnv;
import io.execplace.rl.env.TpdsEnvConfig;
import io.execplace.rl.env.registry.EnvSetting;
import io.execplace.rl.env.registry.EnvSettings;

import java.util.ArrayList;
import java.util.List;

/**
 * Registers {@code tpds}: the TPDS executor-placement environment ({@link TpdsEnv}, TPDS §4, Table 3)
 * on a cluster and workloads named as scenarios name them; {@code reset(s)} runs workload
 * {@code s mod workload-seeds}.
 */
public final class TpdsEnvFactory extends ListedEnvFactory {

    private static final List<EnvSetting> SETTINGS = concat(EnvSettingGroups.SCENARIO, EnvSettingGroups.TPDS);

    public TpdsEnvFactory() {
        super("tpds",
                "TPDS executor placement (TPDS §4, Table 3): place the executors of FCFS jobs one by one on VMs, or wait",
                SETTINGS);
    }

    @Override
    public Env make(EnvSettings s) {
        return environment(s).wrapped();
    }

    /** Copies of one environment: they share its prepared workloads (immutable), so a batch reads one set of jobs. */
    @Override
    public List<Env> make(EnvSettings s, int count) {
        TpdsEnv first = environment(s);
        List<Env> envs = new ArrayList<>(count);
        envs.add(first.wrapped());
        for (int i = 1; i < count; i++) {
            envs.add(first.copy().wrapped());
        }
        return envs;
    }

    /** The bare environment the settings give (before its wrappers). */
    static TpdsEnv environment(EnvSettings s) {
        EnvironmentSetup.Resolved r = EnvSettingGroups.resolve(s, s.text("cluster"), s.text("workload"));
        TpdsEnvConfig config = new TpdsEnvConfig(EnvSettingGroups.rules(s), EnvSettingGroups.observation(s),
                Boolean.TRUE.equals(s.flag("busy-time")));
        return new TpdsEnv(r.cluster(), r.workloads(), r.durationModel(), config);
    }

    static List<EnvSetting> concat(List<EnvSetting> a, List<EnvSetting> b) {
        List<EnvSetting> all = new ArrayList<>(a);
        all.addAll(b);
        return List.copyOf(all);
    }
}
