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
 * The files of one application attempt's event log, in the order they were written: one file for a
 * single-file log ({@code <appId>[_<attempt>][.<codec>][.inprogress]}); the {@code events_<n>_*} files
 * of a rolling log folder ({@code eventlog_v2_<appId>[_<attempt>]}, compacted {@code .compact} files
 * included), in index order; or a Databricks log folder: its rolled parts
 * {@code eventlog-<yyyy-MM-dd--HH-mm>.gz} by date, then the current {@code eventlog}.
 *
 * @param name       the application attempt's log name (file or folder name, codec and
 *                   {@code .inprogress} removed)
 * @param files      the files to read in order
 * @param inProgress whether Spark was still writing it (the application had not ended)
 */
public record EventLogSource(String name, List<Path> files, boolean inProgress) {

    private static final String ROLLING_PREFIX = "eventlog_v2_";
    private static final Pattern ROLLING_EVENTS = Pattern.compile("events_(\\d+)_.*");
    private static final String DATABRICKS_CURRENT = "eventlog";
    private static final Pattern DATABRICKS_PART = Pattern.compile("eventlog-\\d{4}-\\d\\d-\\d\\d--\\d\\d-\\d\\d(\\.gz)?");

    public EventLogSource {
        files = List.copyOf(files);
    }

    /**
     * As {@link #find(List, ImportReport)}, a rolling folder without events inside a folder refused too.
     */
    public static List<EventLogSource> find(List<Path> paths) throws IOException {
        return find(paths, null);
    }

    /**
     * The event logs under {@code paths}: a file is one log; a rolling-log or Databricks log folder is
     * one log; any other folder holds logs (its files and log folders, hidden and {@code .crc} files
     * left out). Inside such a folder, other sub-folders and rolling folders without events are left
     * out and told to {@code report} (refused when {@code report} is null).
     *
     * @throws BadInputException for a path that does not exist, a named rolling folder without events,
     *                           or a folder without any event log
     */
    public static List<EventLogSource> find(List<Path> paths, ImportReport report) throws IOException {
        List<EventLogSource> out = new ArrayList<>();
        for (Path p : paths) {
            if (!Files.exists(p)) {
                throw new BadInputException(p + ": no such file or folder");
            }
            if (Files.isRegularFile(p)) {
                out.add(single(p));
            } else if (isRolling(p)) {
                out.add(rolling(p));
            } else if (isDatabricks(p)) {
                out.add(databricks(p));
            } else {
                List<EventLogSource> inside = inside(p, report);
                if (inside.isEmpty()) {
                    throw new BadInputException(p + ": no event log in this folder (files, or eventlog_v2_* and Databricks "
                            + "log folders)" + subFolders(p));
                }
                out.addAll(inside);
            }
        }
        return out;
    }

    private static List<EventLogSource> inside(Path folder, ImportReport report) throws IOException {
        List<EventLogSource> inside = new ArrayList<>();
        try (Stream<Path> children = Files.list(folder)) {
            for (Path c : (Iterable<Path>) children.sorted()::iterator) {
                String n = c.getFileName().toString();
                if (n.startsWith(".") || n.endsWith(".crc") || n.equals("__MACOSX")) {
                    continue;
                }
                if (Files.isRegularFile(c)) {
                    inside.add(single(c));
                } else if (isRolling(c)) {
                    if (report != null && !hasRollingEvents(c)) {
                        report.unreadable(c + ": a rolling event log folder without events_* files (only its "
                                + "appstatus file?); left out");
                        continue;
                    }
                    inside.add(rolling(c));
                } else if (isDatabricks(c)) {
                    inside.add(databricks(c));
                } else if (Files.isDirectory(c) && report != null) {
                    report.leftOutFolder(c + ": a folder that is not a log folder (eventlog_v2_*, Databricks); not "
                            + "searched, name it to read the logs inside");
                }
            }
        }
        return inside;
    }

    /** "; its sub-folders a, b are not searched: name them" when it has any, else "". */
    private static String subFolders(Path folder) throws IOException {
        try (Stream<Path> children = Files.list(folder)) {
            List<String> names = children.filter(Files::isDirectory).map(c -> c.getFileName().toString())
                    .filter(n -> !n.startsWith(".")).sorted().toList();
            return names.isEmpty() ? "" : "; its sub-folders " + String.join(", ", names.subList(0, Math.min(3, names.size())))
                    + (names.size() > 3 ? ", ..." : "") + " are not searched: name them";
        }
    }

    private static boolean isRolling(Path p) {
        return Files.isDirectory(p) && p.getFileName().toString().startsWith(ROLLING_PREFIX);
    }

    /** A folder holding Databricks' {@code eventlog} (and its rolled parts), nothing else that is a log. */
    private static boolean isDatabricks(Path p) throws IOException {
        return Files.isDirectory(p) && Files.isRegularFile(p.resolve(DATABRICKS_CURRENT)) && databricksParts(p).size() >= 1;
    }

    private static List<Path> databricksParts(Path folder) throws IOException {
        try (Stream<Path> children = Files.list(folder)) {
            // The dates in the names sort as the parts were rolled; the current file comes last.
            return children.filter(c -> DATABRICKS_PART.matcher(c.getFileName().toString()).matches()
                            || c.getFileName().toString().equals(DATABRICKS_CURRENT))
                    .sorted(Comparator.comparing((Path c) -> c.getFileName().toString().equals(DATABRICKS_CURRENT))
                            .thenComparing(c -> c.getFileName().toString()))
                    .toList();
        }
    }

    private static EventLogSource databricks(Path folder) throws IOException {
        return new EventLogSource(folder.getFileName().toString(), databricksParts(folder), false);
    }

    private static EventLogSource single(Path file) {
        String n = file.getFileName().toString();
        return new EventLogSource(EventLogCodec.of(n).strip(n), List.of(file), n.endsWith(".inprogress"));
    }

    private static boolean hasRollingEvents(Path folder) throws IOException {
        try (Stream<Path> children = Files.list(folder)) {
            return children.anyMatch(c -> ROLLING_EVENTS.matcher(c.getFileName().toString()).matches());
        }
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
