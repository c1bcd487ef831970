package io.execplace.kubernetes.faults;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** A fault run as a line of {@code runs-seedS.csv} (recoveries as {@code FAULT:resumed:takeover:probe_waited_with_room:named;...}). */
final class RunCsv {

    private RunCsv() {
    }

    static String row(int run, List<Fault> faults, RunReport r) {
        String recoveries = r.recoveries().stream().map(x -> String.format(Locale.ROOT, "%s:%s:%s:%s:%s", x.fault(), number(x.seconds()),
                number(x.takeover()), number(x.probeWaitedWithRoom()), x.named() == null ? "" : x.named())).collect(Collectors.joining(";"));
        return String.format(Locale.ROOT, "%d,%s,%s,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%.1f,%s,%.0f%n", run,
                faults.stream().map(Enum::name).collect(Collectors.joining(";")), r.passed(), r.outcomes().applications(),
                r.outcomes().finished(), r.outcomes().refused(), r.outcomes().killed(), r.outcomes().stalled(), r.outcomes().lost(),
                r.outcomes().goodRefused(),
                r.outcomes().replaced(), r.invariants().violations().size(), r.invariants().busyOutsideClaims(),
                r.invariants().repeatedScheduledEvents(), r.invariants().longestWaitWithRoom().toMillis() / 1000.0, recoveries,
                r.wall().toMillis() / 1000.0);
    }

    private static String number(double v) {
        return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.2f", v);
    }
}
