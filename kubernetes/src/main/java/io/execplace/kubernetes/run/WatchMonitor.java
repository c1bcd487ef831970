package io.execplace.kubernetes.run;

import io.execplace.kubernetes.observe.SchedulerMetrics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * Says when the scheduler stops watching the API server and when it watches again. fabric8's informers
 * reconnect on their own after an API server restart and log nothing when the reconnection works, so
 * without this the scheduler's log and metrics would not show the outage at all (the fault suite's API
 * server restarts left no line). Checked twice a second: a warning when a watch is lost, a line with the
 * gap when both watch again, the count in {@code execplace_watch_interruptions_total} and the state in
 * {@code execplace_watching}.
 */
final class WatchMonitor implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(WatchMonitor.class);
    private static final long EVERY_MILLIS = 500;

    private final BooleanSupplier watching;
    private final SchedulerMetrics metrics;
    private final String schedulerName;
    private final Clock clock;
    private final Runnable onLost;
    private ScheduledExecutorService timer;
    private long lostAt = -1;

    WatchMonitor(BooleanSupplier watching, SchedulerMetrics metrics, String schedulerName, Clock clock) {
        this(watching, metrics, schedulerName, clock, () -> { });
    }

    /** @param onLost told when a watch is lost (the cached nodes may then be stale: {@link FreshNodes}) */
    WatchMonitor(BooleanSupplier watching, SchedulerMetrics metrics, String schedulerName, Clock clock, Runnable onLost) {
        this.onLost = onLost;
        this.watching = watching;
        this.metrics = metrics;
        this.schedulerName = schedulerName;
        this.clock = clock;
    }

    void start() {
        timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "watch-monitor");
            t.setDaemon(true);
            return t;
        });
        timer.scheduleWithFixedDelay(this::check, EVERY_MILLIS, EVERY_MILLIS, TimeUnit.MILLISECONDS);
    }

    /** One look at the informers (the timer's; tests call it directly). */
    synchronized void check() {
        boolean now = watching.getAsBoolean();
        metrics.watching(now);
        if (!now && lostAt < 0) {
            lostAt = clock.millis();
            metrics.watchInterrupted();
            onLost.run();
            LOG.warn("{}: lost the watch of nodes or pods (the API server unreachable or restarting); scheduling from the cached state until the informers list again",
                    schedulerName);
        } else if (now && lostAt >= 0) {
            LOG.info("{}: watching nodes and pods again after {} ms", schedulerName, clock.millis() - lostAt);
            lostAt = -1;
        }
    }

    @Override
    public void close() {
        if (timer != null) {
            timer.shutdownNow();
        }
    }
}
