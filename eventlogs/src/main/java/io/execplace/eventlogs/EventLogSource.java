package io.execplace.eventlogs;

import io.execplace.core.io.BadInputException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The files of one application attempt's event log, in the order Spark wrote them: one file for a
 * single-file log ({@code <appId>[_<attempt>][.<codec>][.inprogress]}), or the {@code events_<n>_*}
 * files of a rolling log folder ({@code eventlog_v2_<appId>[_<attempt>]}), in index order.
 *
 * @param name       the application attempt's log name (file or folder name, codec and
 *                   {@code .inprogress} removed)
 * @param files      the files to read in order
 * @param inProgress whether Spark was still writing it (the application had not ended)
 */
public record EventLogSource(String name, List<Path> files, boolean inProgress) {

    private static final String ROLLING_PREFIX = "eventlog_v2_";
    private static final Pattern ROLLING_EVENTS = Pattern.compile("events_(\\d+)_.*");

    public EventLogSource {
        files = List.copyOf(files);
    }

    /**
     * The event logs under {@code paths}: a file is one log; a rolling-log folder is one log; any other
     * folder holds logs (its files and rolling folders, hidden and {@code .crc} files left out).
     *
     * @throws BadInputException for a path that does not exist, or a folder without any event log
     */
    public static List<EventLogSource> find(List<Path> paths) throws IOException {
        List<EventLogSource> out = new ArrayList<>();
        for (Path p : paths) {
            if (!Files.exists(p)) {
                throw new BadInputException(p + ": no such file or folder");
            }
            if (Files.isRegularFile(p)) {
                out.add(single(p));
            } else if (isRolling(p)) {
                out.add(rolling(p));
            } else {
                List<EventLogSource> inside = new ArrayList<>();
                try (Stream<Path> children = Files.list(p)) {
                    for (Path c : (Iterable<Path>) children.sorted()::iterator) {
                        String n = c.getFileName().toString();
                        if (n.startsWith(".") || n.endsWith(".crc")) {
                            continue;
                        }
                        if (Files.isRegularFile(c)) {
                            inside.add(single(c));
                        } else if (isRolling(c)) {
                            inside.add(rolling(c));
                        }
                    }
                }
                if (inside.isEmpty()) {
                    throw new BadInputException(p + ": no event log in this folder (files, or eventlog_v2_* folders)");
                }
                out.addAll(inside);
            }
        }
        return out;
    }

    private static boolean isRolling(Path p) {
        return Files.isDirectory(p) && p.getFileName().toString().startsWith(ROLLING_PREFIX);
    }

    private static EventLogSource single(Path file) {
        String n = file.getFileName().toString();
        return new EventLogSource(EventLogCodec.of(n).strip(n), List.of(file), n.endsWith(".inprogress"));
    }

    /** A rolling log: its {@code events_<n>_*} files by index; in progress unless {@code appstatus_*} says it ended. */
    private static EventLogSource rolling(Path folder) throws IOException {
        List<Path> events = new ArrayList<>();
        boolean inProgress = true;
        try (Stream<Path> children = Files.list(folder)) {
            for (Path c : (Iterable<Path>) children::iterator) {
                String n = c.getFileName().toString();
                if (ROLLING_EVENTS.matcher(n).matches()) {
                    events.add(c);
                } else if (n.startsWith("appstatus_")) {
                    inProgress = n.endsWith(".inprogress");
                }
            }
        }
        if (events.isEmpty()) {
            throw new BadInputException(folder + ": a rolling event log folder without events_* files");
        }
        events.sort(Comparator.comparingLong(EventLogSource::index));
        return new EventLogSource(folder.getFileName().toString().substring(ROLLING_PREFIX.length()), events, inProgress);
    }

    private static long index(Path eventsFile) {
        Matcher m = ROLLING_EVENTS.matcher(eventsFile.getFileName().toString());
        if (!m.matches()) {
            throw new IllegalStateException(eventsFile.toString());
        }
        return Long.parseLong(m.group(1));
    }
}
