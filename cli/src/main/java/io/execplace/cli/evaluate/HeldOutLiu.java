package io.execplace.cli.evaluate;

import io.execplace.cli.command.LiuApps;
import io.execplace.cli.command.Options;
import io.execplace.cli.output.TextTable;
import io.execplace.core.io.BadInputException;
import io.execplace.core.io.OutputPaths;
import io.execplace.experiments.results.JsonNumbers;
import io.execplace.experiments.report.Format;
import io.execplace.liu.model.ExecutorClusters;
import io.execplace.liu.sim.LiuManager;
import io.execplace.liu.study.LiuHeldOut;
import io.execplace.liu.study.LiuManagerNames;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** {@code execplace heldout --study liu}: LIU managers on held-out workloads (see {@link LiuHeldOut}). */
final class HeldOutLiu {

    private HeldOutLiu() {
    }

    static int run(HeldOutCommand c) throws Exception {
        for (String[] o : new String[][] {{"--workload", c.workload}, {"--schedulers", c.schedulers == null ? null : ""},
                {"--cluster", c.cluster}, {"--jobs", c.jobs.jobs == null ? null : ""},
                {"--seed", c.trainSeed == null ? null : ""}, {"--workload-seeds", c.trainSeeds == null ? null : ""}}) {
            if (o[1] != null) {
                throw BadInputException.option(o[0], "does not apply to --study liu (use --arrivals, --managers, --apps)");
            }
        }
        if (c.managers == null || c.managers.isEmpty()) {
            throw BadInputException.option("--managers", "--study liu needs the managers to compare, e.g. sf-e,outlook,agent:PATH");
        }
        LiuHeldOut.Arrivals arrivals = Options.checked("--arrivals",
                () -> LiuHeldOut.Arrivals.of(c.arrivals == null ? "uniform" : c.arrivals));
        int n = c.heldOutCount == null ? 50 : c.heldOutCount;
        if (n < 2 || n > 10_000) {
            throw BadInputException.option("--held-out", "must be between 2 and 10000, got " + n);
        }
        int apps = LiuApps.checked(c.apps);
        long first = c.heldOutSeed != null ? c.heldOutSeed : arrivals.studyFirstSeed();
        if (first < 0 || first > Long.MAX_VALUE - n) {
            throw BadInputException.option("--held-out-seed", "must be at least 0 and leave room for " + n + " seeds, got " + first);
        }
        if (c.out != null) {
            OutputPaths.checkFolder("--out", c.out);
        }
        if (c.managers.stream().distinct().count() != c.managers.size()) {
            throw BadInputException.option("--managers", "each manager at most once, got " + c.managers);
        }
        List<LiuManager> managers = new ArrayList<>();
        for (String name : c.managers) {
            LiuManagerNames.Named m = LiuManagerNames.create(name.trim());
            LiuManagerNames.checkDisjoint(name, m, first, n);
            managers.add(m.manager());
        }
        PrintWriter err = c.spec().commandLine().getErr();
        boolean quiet = c.output.json || c.output.quiet();
        LiuHeldOut.Result result = LiuHeldOut.run(ExecutorClusters.liu(), arrivals, apps, n, first,
                c.managers.stream().map(String::trim).toList(), managers, (done, total, line) -> {
                    if (!quiet) {
                        err.println("  " + line);
                        err.flush();
                    }
                });
        if (c.out != null) {
            java.nio.file.Files.createDirectories(c.out);
            LiuHeldOut.writeCsv(c.out.resolve("heldout.csv"), result);
        }
        PrintWriter out = c.spec().commandLine().getOut();
        if (c.output.json) {
            Map<String, Object> json = new LinkedHashMap<>();
            json.put("study", "liu");
            json.put("result", result);
            out.println(JsonNumbers.mapper().writeValueAsString(json));
        } else {
            out.printf(Locale.ROOT, "LIU, %s arrivals: %d held-out workloads of %d applications (seeds %d...%d); "
                    + "Score-A and the TMDL ratio against sf-e%n", arrivals.label(), n, apps, first, first + n - 1);
            TextTable table = new TextTable(List.of("manager", "TMDL", "AJDR", "Score-A", "sf-e TMDL / TMDL"));
            for (LiuHeldOut.Row r : result.rows()) {
                table.row(List.of(r.manager(), TextTable.interval(r.tmdl(), 4), TextTable.interval(r.ajdr(), 4),
                        Format.sig(r.scoreA(), 3),
                        Format.sig(r.tmdlRatioVsSfE(), 3)));
            }
            table.print(out);
            if (c.out != null) {
                out.println("wrote " + c.out.resolve("heldout.csv"));
            }
        }
        out.flush();
        return 0;
    }
}
