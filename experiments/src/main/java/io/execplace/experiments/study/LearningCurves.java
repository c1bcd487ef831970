package io.execplace.experiments.study;

import io.execplace.experiments.report.ChartFiles;
import io.execplace.experiments.report.ChartWriter;
import io.execplace.experiments.report.LineChartSpec;
import io.execplace.core.progress.ProgressListener;
import io.execplace.experiments.report.Format;
import io.execplace.rl.agent.IterationStats;
import io.execplace.rl.train.CurvePoint;
import io.execplace.rl.train.LearningCurve;
import io.execplace.rl.train.TrainingListener;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Learning-curve charts (TPDS Figs. 4–5): mean greedy evaluation return per evaluation point. */
public final class LearningCurves {

    private LearningCurves() {
    }

    /** One line per named curve, written as {@code dir/baseName.png} and {@code .svg}. */
    public static ChartFiles write(String title, Map<String, LearningCurve> curves, Path dir, String baseName)
            throws IOException {
        List<LineChartSpec.Series> series = new ArrayList<>();
        curves.forEach((name, curve) -> {
            List<CurvePoint> points = curve.points();
            double[] x = new double[points.size()];
            double[] y = new double[points.size()];
            for (int i = 0; i < points.size(); i++) {
                x[i] = points.get(i).iteration();
                y[i] = points.get(i).evalMeanReturn();
            }
            series.add(new LineChartSpec.Series(name, x, y));
        });
        return ChartWriter.write(new LineChartSpec(title, "training iteration", "mean evaluation return", series, false),
                dir, baseName);
    }

    /**
     * What a single training tells as it goes: after each evaluation its curve is drawn again as {@code
     * dir/learning-curve.png} and {@code .svg} ({@code series} the line's name); after each iteration
     * {@code progress} is told the recent training return and the last evaluation.
     */
    public static TrainingListener drawing(String title, String series, Path dir, ProgressListener progress) {
        return new TrainingListener() {
            private String lastEval = "";

            @Override
            public void iterationDone(int iteration, int iterations, IterationStats stats, double recentReturn) {
                progress.advanced(iteration, iterations, "return " + Format.sig(recentReturn, 4) + lastEval);
            }

            @Override
            public void evaluated(CurvePoint p, LearningCurve curve) {
                lastEval = ", eval " + Format.sig(p.evalMeanReturn(), 4) + " at " + p.iteration();
                try {
                    write(title, Map.of(series, curve), dir, "learning-curve");
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        };
    }
}
