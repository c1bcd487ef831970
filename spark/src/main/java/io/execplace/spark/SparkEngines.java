package io.execplace.spark;

import io.execplace.spark.master.MasterUrl;
import io.execplace.cli.command.EngineFactory;
import io.execplace.core.io.BadInputException;
import io.execplace.experiments.run.CellEngine;

/** {@code --engine spark [--master URL]}: opens a {@link SparkCellEngine}. */
public final class SparkEngines implements EngineFactory {

    /** The master when {@code --master} is not given: every core of this machine, no cluster. */
    public static final String DEFAULT_MASTER = "local[*]";

    @Override
    public CellEngine open(String name, String master, int threads) {
        check(name, master);
        return SparkCellEngine.start(master == null ? DEFAULT_MASTER : MasterUrl.check(master));
    }

    @Override
    public void check(String name, String master) {
        if (!name.equals(SparkCellEngine.NAME)) {
            throw BadInputException.option("--engine", "unknown engine '" + name + "' (inprocess or spark)");
        }
        if (master != null) {
            MasterUrl.check(master);
        }
    }
}
