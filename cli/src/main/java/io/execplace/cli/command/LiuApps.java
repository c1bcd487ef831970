package io.execplace.cli.command;

import io.execplace.core.io.BadInputException;
import picocli.CommandLine.Option;

/**
 * {@code --apps}: applications per LIU episode, the paper's 500 when not given ({@code train-liu},
 * {@code reproduce liu}, whose {@code --quick} sets its own when not given; {@code heldout --study liu}
 * words the option its own way and checks it with {@link #checked}).
 */
public final class LiuApps {

    /** Applications per episode in the LIU paper's tests (§V). */
    public static final int PAPER = 500;

    @Option(names = "--apps", paramLabel = "N", description = "Applications per episode (default " + PAPER + ").")
    public Integer apps;

    /** {@code --apps}, or the paper's number; refuses one outside 1..100000. */
    public int orPaper() {
        return checked(apps);
    }

    /** {@code given}, or the paper's number when null; refuses one outside 1..100000 as bad input of {@code --apps}. */
    public static int checked(Integer given) {
        int apps = given == null ? PAPER : given;
        if (apps < 1 || apps > 100_000) {
            throw BadInputException.option("--apps", "must be in 1..100000, got " + apps);
        }
        return apps;
    }
}
