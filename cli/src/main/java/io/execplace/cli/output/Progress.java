package io.execplace.cli.output;

import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

import io.execplace.core.progress.ProgressListener;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.Locale;

/**
 * Progress of a long run on standard error: a live bar on a terminal, a line per tenth otherwise
 * (so CI logs show progress without carriage-return noise), nothing when quiet.
 */
public final class Progress implements AutoCloseable {

    private final ProgressBar bar;
    private final PrintWriter lines;
    private final String task;
    private final long total;
    private long done;
    private long lastTenth;

    private Progress(ProgressBar bar, PrintWriter lines, String task, long total) {
        this.bar = bar;
        this.lines = lines;
        this.task = task;
        this.total = total;
    }

    /** A progress display for {@code total} units on {@code err}; nothing when {@code quiet}. */
    public static Progress start(String task, long total, boolean quiet, PrintWriter err) {
        if (quiet || total <= 0) {
            return new Progress(null, null, task, total);
        }
        if (System.console() != null) {
            ProgressBar bar = new ProgressBarBuilder()
                    .setTaskName(task)
                    .setInitialMax(total)
                    .setStyle(ProgressBarStyle.ASCII)
                    .setConsumer(new ConsoleProgressBarConsumer(new PrintStream(System.err, true)))
                    .setUpdateIntervalMillis(200)
                    .build();
            return new Progress(bar, null, task, total);
        }
        return new Progress(null, err, task, total);
    }

    /**
     * Progress of a run whose units say what they did (LIU's trainings): each unit's line on {@code err}
     * after the seconds since this call, {@code "  [   12 s] line"}; nothing when {@code quiet}.
     */
    public static ProgressListener timedLines(PrintWriter err, boolean quiet) {
        if (quiet) {
            return ProgressListener.NONE;
        }
        long t0 = System.nanoTime();
        return (done, total, line) -> {
            err.printf(Locale.ROOT, "  [%5.0f s] %s%n", (System.nanoTime() - t0) / 1e9, line);
            err.flush();
        };
    }

    /** One more unit done; safe to call from worker threads. */
    public synchronized void step(String extra) {
        done++;
        if (bar != null) {
            bar.step();
            if (extra != null) {
                bar.setExtraMessage(extra);
            }
        } else if (lines != null) {
            long tenth = done * 10 / total;
            if (tenth > lastTenth || done == total) {
                lastTenth = tenth;
                lines.println(task + ": " + done + "/" + total + (extra == null ? "" : " (" + extra + ")"));
                lines.flush();
            }
        }
    }

    @Override
    public synchronized void close() {
        if (bar != null) {
            bar.close();
        }
    }
}
