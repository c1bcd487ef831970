package io.execplace.rl.train;

import io.execplace.core.io.CsvTable;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The evaluation points of one training run, in iteration order; written as CSV. */
public final class LearningCurve {

    private final List<CurvePoint> points = new ArrayList<>();

    public List<CurvePoint> points() {
        return List.copyOf(points);
    }

    public void add(CurvePoint p) {
        points.add(p);
    }

    public boolean isEmpty() {
        return points.isEmpty();
    }

    /** The last point, or null. */
    public CurvePoint last() {
        return points.isEmpty() ? null : points.get(points.size() - 1);
    }

    /** Writes the curve as CSV (header, one row per point; NaN written as an empty field), atomically. */
    public void writeCsv(Path file) throws IOException {
        CsvTable table = new CsvTable(CurvePoint.COLUMNS);
        for (CurvePoint p : points) {
            double[] a = p.toArray();
            List<String> row = new ArrayList<>(a.length);
            for (int i = 0; i < a.length; i++) {
                row.add(format(a[i], i < 3));
            }
            table.row(row);
        }
        table.write(file);
    }

    private static String format(double v, boolean integer) {
        if (Double.isNaN(v)) {
            return "";
        }
        return integer ? Long.toString((long) v) : String.format(Locale.ROOT, "%.6g", v);
    }

    /** All points flattened, for checkpoints. */
    double[] toArray() {
        int width = CurvePoint.COLUMNS.length;
        double[] a = new double[points.size() * width];
        for (int i = 0; i < points.size(); i++) {
            System.arraycopy(points.get(i).toArray(), 0, a, i * width, width);
        }
        return a;
    }

    /** Values per point of {@link #toArray()}. */
    static int width() {
        return CurvePoint.COLUMNS.length;
    }

    /** From {@link #toArray()}, written with {@code width} values per point (older checkpoints have fewer). */
    static LearningCurve fromArray(double[] a, int width) {
        LearningCurve c = new LearningCurve();
        for (int from = 0; from + width <= a.length; from += width) {
            c.add(CurvePoint.fromArray(a, from, width));
        }
        return c;
    }
}
