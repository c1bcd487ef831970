package io.execplace.experiments.report;

import io.execplace.core.metrics.JobRecord;
import io.execplace.core.metrics.RunResult;
import io.execplace.core.model.Vm;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A schedule timeline (Gantt chart) of one run as SVG: one row per VM, one bar per executor from
 * its job's start to its finish, coloured by job (neighbouring jobs get different colours), and
 * below it the VM cost accumulating over the same time window. Hand-drawn SVG because the chart
 * library has no Gantt chart; the output depends only on the run, so it is reproducible.
 */
public final class ScheduleTimeline {

    /** At most this many VM rows are drawn (the first ones used in the window, in VM order). */
    static final int MAX_ROWS = 40;

    // Light, distinct fills (Paul Tol's "light" scheme) so dark text and thin white gaps stay readable.
    private static final String[] JOB_COLOURS = {"#77AADD", "#EE8866", "#EEDD88", "#FFAABB", "#99DDFF",
            "#44BB99", "#BBCC33", "#AAAA00"};

    private static final int WIDTH = 1000;
    private static final int LEFT = 170;
    private static final int RIGHT = 20;
    private static final int TOP = 36;
    private static final int LANE = 5;
    private static final int ROW_GAP = 5;
    private static final int COST_HEIGHT = 110;

    private ScheduleTimeline() {
    }

    private static String tick(double t) {
        String v = Format.sig(t, 6);
        return v.contains(".") ? v.replaceAll("\\.?0+$", "") : v;
    }

    /** The window a timeline shows: the first two hours of the run, or all of it if shorter. */
    public static double window(RunResult run) {
        return Math.min(run.summary().makespan(), 2 * 3600.0);
    }

    /**
     * The SVG of {@code run} from time 0 to {@code until} seconds.
     *
     * @param title    chart title
     * @param costUnit unit of cost for the cost axis ("$" or "price units")
     */
    public static String svg(RunResult run, double until, String title, String costUnit) {
        if (!(until > 0)) {
            until = 1;
        }
        List<Vm> vms = run.cluster().vms();
        // Executors per VM within the window, each a [start, finish, job index] triple.
        List<List<double[]>> perVm = new ArrayList<>();
        for (int v = 0; v < vms.size(); v++) {
            perVm.add(new ArrayList<>());
        }
        for (int j = 0; j < run.jobs().size(); j++) {
            JobRecord r = run.jobs().get(j);
            if (!r.completed() || r.start() >= until) {
                continue;
            }
            for (int e = 0; e < r.placement().executors(); e++) {
                perVm.get(r.placement().vm(e)).add(new double[] {r.start(), r.finish(), j});
            }
        }
        List<Integer> rows = new ArrayList<>();
        for (int v = 0; v < vms.size() && rows.size() < MAX_ROWS; v++) {
            if (!perVm.get(v).isEmpty()) {
                rows.add(v);
            }
        }
        long usedVms = perVm.stream().filter(l -> !l.isEmpty()).count();
        // Lanes: each executor takes the first lane free at its start (executors arrive sorted by start).
        List<int[]> lanes = new ArrayList<>();
        int[] laneCount = new int[rows.size()];
        for (int i = 0; i < rows.size(); i++) {
            List<double[]> ex = perVm.get(rows.get(i));
            ex.sort((a, b) -> Double.compare(a[0], b[0]));
            List<Double> laneEnd = new ArrayList<>();
            int[] lane = new int[ex.size()];
            for (int k = 0; k < ex.size(); k++) {
                int l = 0;
                while (l < laneEnd.size() && laneEnd.get(l) > ex.get(k)[0] + 1e-9) {
                    l++;
                }
                if (l == laneEnd.size()) {
                    laneEnd.add(ex.get(k)[1]);
                } else {
                    laneEnd.set(l, ex.get(k)[1]);
                }
                lane[k] = l;
            }
            lanes.add(lane);
            laneCount[i] = Math.max(2, laneEnd.size());
        }
        TimeAxis unit = TimeAxis.forSpan(until);
        double plotW = WIDTH - LEFT - RIGHT;
        double scale = plotW / until;
        StringBuilder s = new StringBuilder(64 * 1024);
        int y = TOP;
        StringBuilder body = new StringBuilder();
        for (int i = 0; i < rows.size(); i++) {
            int v = rows.get(i);
            Vm vm = vms.get(v);
            int h = laneCount[i] * LANE;
            body.append(String.format(Locale.ROOT,
                    "<text x=\"%d\" y=\"%.1f\" font-size=\"11\" text-anchor=\"end\">VM %d %s %s</text>%n",
                    LEFT - 6, y + h / 2.0 + 4, v, Html.escape(vm.type().name()),
                    vm.site().name().toLowerCase(Locale.ROOT)));
            body.append(String.format(Locale.ROOT,
                    "<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"#f3f4f6\"/>%n", LEFT, y, plotW, h));
            List<double[]> ex = perVm.get(v);
            int[] lane = lanes.get(i);
            for (int k = 0; k < ex.size(); k++) {
                double[] e = ex.get(k);
                double x0 = LEFT + e[0] * scale;
                double x1 = LEFT + Math.min(e[1], until) * scale;
                int job = (int) e[2];
                body.append(String.format(Locale.ROOT,
                        "<rect x=\"%.2f\" y=\"%d\" width=\"%.2f\" height=\"%d\" fill=\"%s\" stroke=\"#ffffff\" "
                                + "stroke-width=\"0.5\"><title>job %d on VM %d: %s–%s s</title></rect>%n",
                        x0, y + lane[k] * LANE, Math.max(0.8, x1 - x0), LANE, JOB_COLOURS[job % JOB_COLOURS.length],
                        run.jobs().get(job).job().id(), v, Format.sig(e[0], 4), Format.sig(e[1], 4)));
            }
            y += h + ROW_GAP;
        }
        int ganttBottom = y;
        // Cost accumulating over the window.
        int costTop = ganttBottom + 18;
        int costBottom = costTop + COST_HEIGHT;
        double total = run.costUntil(until);
        double yMax = total > 0 ? total : 1;
        StringBuilder line = new StringBuilder();
        int points = 200;
        for (int p = 0; p <= points; p++) {
            double t = until * p / points;
            double c = run.costUntil(t);
            line.append(String.format(Locale.ROOT, "%.1f,%.1f ", LEFT + t * scale,
                    costBottom - c / yMax * COST_HEIGHT));
        }
        body.append(String.format(Locale.ROOT,
                "<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"none\" stroke=\"#d1d9e0\"/>%n",
                LEFT, costTop, plotW, COST_HEIGHT));
        body.append("<polyline fill=\"none\" stroke=\"#0072B2\" stroke-width=\"2\" points=\"")
                .append(line.toString().trim()).append("\"/>\n");
        String unitText = "$".equals(costUnit) ? "$" : costUnit;
        body.append(String.format(Locale.ROOT,
                "<text x=\"%d\" y=\"%d\" font-size=\"11\" text-anchor=\"end\">cost so far</text>%n"
                        + "<text x=\"%d\" y=\"%d\" font-size=\"11\" text-anchor=\"end\">%s %s</text>%n"
                        + "<text x=\"%d\" y=\"%d\" font-size=\"11\" text-anchor=\"end\">0</text>%n",
                LEFT - 6, costTop + COST_HEIGHT / 2, LEFT - 6, costTop + 10, Format.cost(total),
                Html.escape(unitText), LEFT - 6, costBottom));
        // Time ticks in round units, across both panels.
        double span = unit.of(until);
        double step = unit.tickStep(span, 8);
        for (double t = 0; t <= span + 1e-9; t += step) {
            double x = LEFT + t * unit.seconds() * scale;
            body.append(String.format(Locale.ROOT,
                    "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#888888\" stroke-width=\"0.5\" "
                            + "stroke-dasharray=\"2,3\"/>%n<text x=\"%.1f\" y=\"%d\" font-size=\"11\" "
                            + "text-anchor=\"middle\">%s</text>%n",
                    x, TOP, x, costBottom, x, costBottom + 15, tick(t)));
        }
        int height = costBottom + 66;
        body.append(String.format(Locale.ROOT,
                "<text x=\"%.1f\" y=\"%d\" font-size=\"12\" text-anchor=\"middle\">time (%s)</text>%n",
                LEFT + plotW / 2, costBottom + 34, unit.name()));
        // The key: the colours carry no scale, they only tell neighbouring jobs apart.
        body.append(String.format(Locale.ROOT,
                "<text x=\"%d\" y=\"%d\" font-size=\"11\" fill=\"#555555\">Key: each bar is one executor, coloured by "
                        + "its job (colours repeat; hover a bar for its job and times); a grey band is a VM, its "
                        + "lanes the executors running at once; below, the cost billed so far.</text>%n",
                LEFT, costBottom + 54));
        s.append(String.format(Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
                        + "font-family=\"DejaVu Sans, Arial, sans-serif\" fill=\"#222222\">%n"
                        + "<rect width=\"100%%\" height=\"100%%\" fill=\"#ffffff\"/>%n"
                        + "<text x=\"%d\" y=\"22\" font-size=\"15\" font-weight=\"bold\">%s</text>%n",
                WIDTH, height, WIDTH, height, LEFT, Html.escape(title)));
        if (usedVms > rows.size()) {
            s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"22\" font-size=\"11\" text-anchor=\"end\">"
                    + "first %d of %d VMs used</text>%n", WIDTH - RIGHT, rows.size(), usedVms));
        }
        s.append(body).append("</svg>\n");
        return s.toString();
    }
}
