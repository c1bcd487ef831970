package io.execplace.experiments.run;

import java.io.Serializable;

/**
 * What a cell is, and the stateless function that runs one: text in, text out. Every
 * implementation is an enum constant so that an engine can send "which function" to another JVM by
 * name (Spark ships an enum constant as its name, nothing else); each package that has cells owns
 * its enum ({@link StandardCells} here, the HJS study's in {@code experiments.study}), so this seam
 * imports none of them. The cell and result texts are documented in docs/spark.md.
 */
public interface CellKind extends Serializable {

    /** The constant's name, as logs and errors show it. */
    String name();

    /** Runs one cell given as text and returns its result as text. */
    String run(String cell);
}
