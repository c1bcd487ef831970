package io.execplace.liu.study;

import io.execplace.core.io.BadInputException;
import io.execplace.core.io.CsvTable;
import io.execplace.core.progress.ProgressListener;
import io.execplace.experiments.heldout.HeldOutEvaluation.Interval;
import io.execplace.liu.agent.LiuEvaluation;
import io.execplace.liu.agent.LiuTrainingSpec;
import io.execplace.liu.managers.LiuBaselines;
import io.execplace.liu.metrics.LiuScores;
import io.execplace.liu.model.ArrivalPattern;
import io.execplace.liu.model.ExecutorClusters;
import io.execplace.liu.model.LiuApp;
import io.execplace.liu.model.LiuWorkloadGenerator;
import io.execplace.liu.model.LiuWorkloadSpec;
import io.execplace.liu.sim.LiuManager;
import io.execplace.liu.sim.LiuSimulation;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * LIU managers on held-out workloads: {@code N} workloads of seeds {@code S, S+1, ...} of one
 * arrival pattern (or Table III's eased and stressed uniform variants), every manager on the same
 * ones, SF-E always among them as the reference; per manager the mean TMDL and AJDR with 95 %
 * intervals, Score-A against SF-E and SF-E's TMDL over the manager's. The default first seed is
 * the study's own test stream ({@code reproduce liu}'s Table II and III workloads, seed 1).
 */
public final class LiuHeldOut {

    /** The workloads a held-out run can use. */
    public enum Arrivals {
        BERNOULLI("bernoulli", ArrivalPattern.Kind.BERNOULLI, 1),
        UNIFORM("uniform", ArrivalPattern.Kind.UNIFORM, 1),
        BETA("beta", ArrivalPattern.Kind.BETA, 1),
        EASED("eased", ArrivalPattern.Kind.UNIFORM, LiuWorkloadSpec.EASED),
        STRESSED("stressed", ArrivalPattern.Kind.UNIFORM, LiuWorkloadSpec.STRESSED);

        private final String label;
        private final ArrivalPattern.Kind pattern;
        private final double demandScale;

        Arrivals(String label, ArrivalPattern.Kind pattern, double demandScale) {
            this.label = label;
            this.pattern = pattern;
            this.demandScale = demandScale;
        }

        public String label() {
            return label;
        }

        public static Arrivals of(String name) {
            for (Arrivals a : values()) {
                if (a.label.equals(name)) {
                    return a;
                }
            }
            throw new BadInputException("unknown arrivals '" + name + "' (known: bernoulli, uniform, beta, eased, stressed)");
        }

        /** The workload spec of {@code apps} applications. */
        public LiuWorkloadSpec spec(int apps) {
            return LiuWorkloadSpec.standard(ArrivalPattern.of(pattern)).withApps(apps).withDemandScale(demandScale);
        }

        /** The first seed of {@code reproduce liu}'s test workloads of these arrivals (study seed 1). */
        public long studyFirstSeed() {
            int stream = demandScale == 1 ? pattern.ordinal() : LiuStudy.variantStream(demandScale);
            return LiuTrainingSpec.testSeed(100 + stream, 0);
        }
    }

    /** One manager's row of {@code heldout.csv}. */
    public record Row(String manager, Interval tmdl, Interval ajdr, double scoreA, double tmdlRatioVsSfE) {
    }

    /** The run's result: its workloads' first seed and count, and a row per manager (SF-E's first when asked for). */
    public record Result(String arrivals, long firstSeed, int workloads, int apps, List<Row> rows) {
    }

    private LiuHeldOut() {
    }

    /**
     * Runs the managers on {@code n} workloads from seed {@code firstSeed}.
     *
     * @param names    the managers' names, for the rows
     * @param managers the managers, in the same order
     * @param progress told after each manager (its line as {@code what})
     */
    public static Result run(ExecutorClusters clusters, Arrivals arrivals, int apps, int n, long firstSeed,
                             List<String> names, List<LiuManager> managers, ProgressListener progress) {
        List<List<LiuApp>> workloads = new ArrayList<>();
        LiuWorkloadSpec spec = arrivals.spec(apps);
        for (int i = 0; i < n; i++) {
            workloads.add(LiuWorkloadGenerator.generate(spec, firstSeed + i));
        }
        double minShare = LiuSimulation.DEFAULT_MIN_SHARE;
        LiuEvaluation sfE = LiuEvaluation.run(clusters, minShare, LiuBaselines.of("sf-e"), workloads);
        List<Row> rows = new ArrayList<>();
        for (int m = 0; m < managers.size(); m++) {
            long t0 = System.nanoTime();
            LiuEvaluation ev = names.get(m).equals("sf-e") ? sfE
                    : LiuEvaluation.run(clusters, minShare, managers.get(m), workloads);
            LiuScores scores = LiuScores.of(ev.tmdl(), ev.ajdr(), sfE.tmdl(), sfE.ajdr());
            rows.add(new Row(names.get(m), Interval.of(ev.tmdl()), Interval.of(ev.ajdr()), scores.a(),
                    sfE.meanTmdl() / ev.meanTmdl()));
            progress.advanced(m + 1, managers.size(), String.format(Locale.ROOT, "%s: TMDL %.2f, AJDR %.2f on %d workloads (%.1f s)", names.get(m),
                    ev.meanTmdl(), ev.meanAjdr(), n, (System.nanoTime() - t0) / 1e9));
        }
        return new Result(arrivals.label(), firstSeed, n, apps, rows);
    }

    /** Writes {@code heldout.csv}: {@code manager,mean_tmdl,tmdl_ci95,mean_ajdr,ajdr_ci95,score_a,tmdl_ratio_vs_sf_e}. */
    public static void writeCsv(Path file, Result result) throws IOException {
        CsvTable table = new CsvTable("manager", "mean_tmdl", "tmdl_ci95", "mean_ajdr", "ajdr_ci95", "score_a",
                "tmdl_ratio_vs_sf_e");
        for (Row r : result.rows()) {
            table.row(r.manager(), num(r.tmdl().mean()), num(r.tmdl().halfWidth()), num(r.ajdr().mean()),
                    num(r.ajdr().halfWidth()), num(r.scoreA()), num(r.tmdlRatioVsSfE()));
        }
        table.write(file);
    }

    /** Six significant digits; an undefined value (a 0/0 ratio, one workload's interval) is left empty. */
    private static String num(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%.6g", v) : "";
    }
}
