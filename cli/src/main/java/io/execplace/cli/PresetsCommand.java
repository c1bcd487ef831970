package io.execplace.cli;

import io.execplace.core.model.ClusterPresets;
import io.execplace.core.model.PricingModel;
import io.execplace.core.rules.Billing;
import io.execplace.core.workload.TraceFormat;
import io.execplace.core.workload.WorkloadPresets;
import io.execplace.experiments.scenario.ScenarioPresets;
import io.execplace.schedulers.spi.SchedulerInfo;
import picocli.CommandLine.Command;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/** {@code execplace presets}: every named thing a command accepts, with a one-line description. */
@Command(name = "presets", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "List the built-in clusters, pricing models, workloads, scenarios, schedulers, queue orders, billing rules and trace formats.")
final class PresetsCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        section(out, "Clusters (--cluster)", ClusterPresets.list().stream()
                .map(p -> new String[]{p.name(), p.description()}).toList());
        List<String[]> pricing = new ArrayList<>();
        for (PricingModel m : PricingModel.values()) {
            pricing.add(new String[]{m.key(), m.description() + String.format(Locale.ROOT,
                    " (cloud/local $/s: m1.large %.5g/%.5g, m1.xlarge %.5g/%.5g, m2.xlarge %.5g/%.5g)",
                    m.pricePerSecond(0, io.execplace.core.model.Site.CLOUD), m.pricePerSecond(0, io.execplace.core.model.Site.LOCAL),
                    m.pricePerSecond(1, io.execplace.core.model.Site.CLOUD), m.pricePerSecond(1, io.execplace.core.model.Site.LOCAL),
                    m.pricePerSecond(2, io.execplace.core.model.Site.CLOUD), m.pricePerSecond(2, io.execplace.core.model.Site.LOCAL))});
        }
        section(out, "Pricing models (--pricing, hybrid clusters)", pricing);
        section(out, "Workloads (--workload)", WorkloadPresets.list().stream()
                .map(p -> new String[]{p.name(), p.description()}).toList());
        section(out, "Scenarios (--scenario)", ScenarioPresets.list().stream()
                .map(p -> new String[]{p.name(), p.description()}).toList());
        section(out, "Schedulers (--scheduler, --schedulers)", Main.registry(spec).list().stream()
                .map((SchedulerInfo s) -> new String[]{s.name(), s.description()}).toList());
        section(out, "Queue orders (--queue)", List.of(
                new String[]{"fcfs", "first come, first served; the head of the queue blocks the rest (default)"},
                new String[]{"edf", "earliest deadline first among jobs that have arrived"},
                new String[]{"hjs-weight", "HJS Eqs. 6-8: highest lambda x urgency + (1 - lambda) x resource share first, "
                        + "re-ranked at every decision time (--weight-lambda, default 0.5)"}));
        List<String[]> billing = new ArrayList<>();
        for (Billing b : Billing.values()) {
            billing.add(new String[]{b.key(), b.description()});
        }
        section(out, "Billing (--billing)", billing);
        List<String[]> formats = new ArrayList<>();
        for (TraceFormat f : TraceFormat.values()) {
            formats.add(new String[]{f.key(), f.description()});
        }
        section(out, "Trace formats (--format)", formats);
        out.flush();
        return 0;
    }

    private static void section(PrintWriter out, String title, List<String[]> rows) {
        out.println(title);
        int width = rows.stream().mapToInt(r -> r[0].length()).max().orElse(0);
        for (String[] r : rows) {
            out.printf("  %-" + width + "s  %s%n", r[0], r[1]);
        }
        out.println();
    }
}
