package io.execplace.cli.command;


import io.execplace.core.io.BadInputException;
import io.execplace.experiments.run.CellEngine;
import io.execplace.experiments.run.InProcessEngine;
import picocli.CommandLine.Option;

import java.util.Locale;

/** {@code --engine} and {@code --master}: where a study's cells run (docs/spark.md). */
public final class EngineOptions {

    /** The engine the Spark-enabled distribution adds. */
    static final String SPARK = "spark";

    @Option(names = "--engine", paramLabel = "inprocess|spark",
            description = "Where the cells run: inprocess (default; threads of this JVM) or spark (one Spark task per "
                    + "cell, Spark-enabled distribution; docs/spark.md).")
    public String engine;

    @Option(names = "--master", paramLabel = "URL",
            description = "Spark master of --engine spark (default local[*]; spark://HOST:PORT for a cluster).")
    public String master;

    /** True when the cells run as objects in this JVM (the default). Checks the options first. */
    boolean inProcess() {
        String e = name();
        if (e.equals(InProcessEngine.NAME)) {
            if (master != null) {
                throw BadInputException.option("--master", "applies to --engine spark only");
            }
            return true;
        }
        if (!e.equals(SPARK)) {
            throw BadInputException.option("--engine", "unknown engine '" + engine + "' (inprocess or spark)");
        }
        return false;
    }

    private String name() {
        return engine == null ? InProcessEngine.NAME : engine.trim().toLowerCase(Locale.ROOT);
    }

    /**
     * Opens the engine the options name; null for the default in-process path (cells as objects).
     * Refuses an unknown engine, {@code --master} without Spark, and {@code --engine spark} in the plain jar.
     */
    public CellEngine open(EngineFactory engines, int threads) {
        EngineFactory factory = check(engines);
        return factory == null ? null : factory.open(name(), master, threads);
    }

    /**
     * Checks the options without starting an engine (commands call it before any work); returns the
     * factory of the engine they name, or null for the default in-process path.
     */
    public EngineFactory check(EngineFactory engines) {
        if (inProcess()) {
            return null;
        }
        if (engines == null) {
            throw new BadInputException("--engine spark needs the Spark-enabled distribution, and this is the plain "
                    + "execplace jar: run it through ./execplace (which builds and starts it) or see docs/spark.md");
        }
        engines.check(name(), master);
        return engines;
    }
}
