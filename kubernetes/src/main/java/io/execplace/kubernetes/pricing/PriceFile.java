package io.execplace.kubernetes.pricing;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.function.Supplier;

/**
 * A price table file that is read again when its content changes, checked at most once a second
 * (the file is small: comparing its bytes is exact where a modification time may not be) — as a ConfigMap mounted into the pod changes when it is edited. A new table
 * that does not parse is reported once and the last good one is kept.
 */
public final class PriceFile implements Supplier<PriceTable> {

    private static final Logger LOG = LoggerFactory.getLogger(PriceFile.class);
    private static final long CHECK_EVERY_MILLIS = 1000;

    private final Path file;
    private final Clock clock;
    private PriceTable table;
    private String stamp;
    private long checkedAt;
    private String lastProblem;

    /** Reads the file now: a malformed table fails here (bad input at start-up). */
    public PriceFile(Path file, Clock clock) throws IOException {
        this.file = file;
        this.clock = clock;
        this.table = PriceTable.read(file);
        this.stamp = stamp();
        this.checkedAt = clock.millis();
    }

    /** The current table, read again first if the file changed. */
    @Override
    public synchronized PriceTable get() {
        long now = clock.millis();
        if (now - checkedAt < CHECK_EVERY_MILLIS) {
            return table;
        }
        checkedAt = now;
        String current;
        try {
            current = stamp();
        } catch (IOException e) {
            report("cannot read " + file + ": " + e.getMessage() + "; keeping the last price table");
            return table;
        }
        if (current.equals(stamp)) {
            return table;
        }
        try {
            PriceTable next = PriceTable.read(file);
            table = next;
            stamp = current;
            lastProblem = null;
            LOG.info("price table {} reloaded: {} instance types ({} with spot prices)", file, next.pricesPerHour().size(),
                    next.spotPricesPerHour().size());
        } catch (IOException | RuntimeException e) {
            stamp = current;
            report(e.getMessage() + "; keeping the last price table");
        }
        return table;
    }

    private void report(String problem) {
        if (!problem.equals(lastProblem)) {
            LOG.warn("{}", problem);
            lastProblem = problem;
        }
    }

    private String stamp() throws IOException {
        return Files.readString(file);
    }
}
