package io.execplace.experiments.study;

import io.execplace.experiments.report.ChartFiles;
import io.execplace.experiments.report.ChartWriter;
import io.execplace.experiments.report.LineChartSpec;
import io.execplace.rl.train.CurvePoint;
import io.execplace.rl.train.LearningCurve;

import java.io.IOException;
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
}
