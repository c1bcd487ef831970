package io.execplace.experiments.run;

import io.execplace.rl.train.RlSchedulers;
import io.execplace.schedulers.Schedulers;
import io.execplace.schedulers.spi.SchedulerRegistry;

/**
 * The registry every JVM makes its schedulers from: the built-in ones and trained agents ({@code
 * agent:PATH}), made once per JVM (an executor runs many cells). Its own class, so that the command
 * line can take it without initialising {@link ScenarioCells} and its JSON mapper (start-up).
 */
public final class StandardSchedulers {

    /** The built-in schedulers and the {@code agent:PATH} family. */
    public static final SchedulerRegistry REGISTRY = RlSchedulers.withAgents(Schedulers.builtIn());

    private StandardSchedulers() {
    }
}
