package io.execplace.kubernetes.mock;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** A clock the test moves by hand (batching windows, busy times). */
public final class ManualClock extends Clock {

    private volatile Instant now;
    private volatile Duration step = Duration.ZERO;

    public ManualClock(Instant start) {
        this.now = start;
    }

    public synchronized void advance(Duration d) {
        now = now.plus(d);
    }

    /** From now on each reading moves the clock on by {@code d} after it is read (as if every request were slow). */
    public void advanceOnEachReading(Duration d) {
        step = d;
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }

    @Override
    public synchronized Instant instant() {
        Instant read = now;
        now = read.plus(step);
        return read;
    }
}
