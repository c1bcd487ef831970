package io.execplace.liu.env;

import io.execplace.liu.model.ArrivalPattern;
import io.execplace.liu.model.ExecutorClusters;
import io.execplace.liu.model.LiuWorkloadSpec;
import io.execplace.liu.sim.LiuSimulation;
import io.execplace.rl.env.Env;
import io.execplace.rl.env.registry.EnvFactory;
import io.execplace.rl.env.registry.EnvSetting;
import io.execplace.rl.env.registry.EnvSettings;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * Registers {@code liu}: the LIU multi-cluster environment ({@link LiuEnv}, LIU §IV) on the paper's
 * five clusters, each reset drawing a fresh randomised workload from its seed, as the paper trains.
 */
public final class LiuEnvFactory implements EnvFactory {

    @Override
    public String name() {
        return "liu";
    }

    @Override
    public String description() {
        return "LIU multi-cluster dispatch (LIU §IV): send each waiting application to a cluster; reward -missed deadlines";
    }

    @Override
    public List<EnvSetting> settings() {
        return List.of(
                new EnvSetting("clusters", "liu", "cluster set: the preset liu (LIU §V's five clusters) or a YAML file"),
                new EnvSetting("arrivals", "bernoulli", "arrival pattern of the drawn workloads: bernoulli, uniform or beta"),
                new EnvSetting("apps", "500", "applications per episode"),
                new EnvSetting("demand-scale", "1", "factor on every application's executor demand (eased 0.75, stressed 1.3)"),
                new EnvSetting("min-share", Double.toString(LiuSimulation.DEFAULT_MIN_SHARE),
                        "smallest share of its request an application starts with, in (0, 1]"));
    }

    @Override
    public Env make(EnvSettings s) {
        ExecutorClusters clusters;
        try {
            clusters = ExecutorClusters.resolve(s.text("clusters"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (IllegalArgumentException e) {
            throw s.bad("clusters", e.getMessage());
        }
        ArrivalPattern pattern = s.checked("arrivals", () -> ArrivalPattern.parse(s.text("arrivals")));
        int apps = s.integer("apps", 1, LiuWorkloadSpec.MAX_APPS);
        double scale = s.decimal("demand-scale");
        double minShare = s.decimal("min-share");
        if (!(minShare > 0 && minShare <= 1)) {
            throw s.bad("min-share", "must be in (0, 1], got " + minShare);
        }
        LiuWorkloadSpec spec = s.checked("demand-scale",
                () -> LiuWorkloadSpec.standard(pattern).withApps(apps).withDemandScale(scale));
        return new LiuEnv(clusters, spec, LiuObservation.standard(clusters.count(), clusters.maxSlots()), minShare);
    }
}
