package io.execplace.cli.inputs;

import io.execplace.cli.command.CommandContext;
import io.execplace.cli.command.ContextCommand;
import io.execplace.cli.command.Options;
import io.execplace.cli.output.Version;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.execplace.liu.model.ArrivalPattern;
import io.execplace.liu.model.LiuWorkloadSpec;
import io.execplace.core.model.ClusterPresets;
import io.execplace.core.model.PricingModel;
import io.execplace.core.rules.Billing;
import io.execplace.core.workload.TraceFormat;
import io.execplace.core.workload.WorkloadPresets;
import io.execplace.experiments.scenario.ScenarioPresets;
import io.execplace.liu.managers.LiuBaselines;
import io.execplace.liu.managers.LiuReferenceManagers;
import io.execplace.schedulers.spi.SchedulerInfo;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** {@code execplace presets}: every named thing a command accepts, with a one-line description. */
@Command(name = "presets", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "List the built-in clusters, pricing models, workloads, scenarios, schedulers, queue orders, billing rules, "
                + "trace formats, and LIU's clusters, arrival patterns and managers.")
public final class PresetsCommand extends ContextCommand {

    public PresetsCommand(CommandContext context) {
        super(context);
    }

    /** One listed section: a title for people, a key for --json, and its (name, description) rows. */
    private record Section(String title, String key, List<String[]> rows) {
    }

    @Option(names = "--json", description = "Print the lists as one JSON object (section key to [{name, description}]).")
    boolean json;

    private final List<Section> sections = new ArrayList<>();

    private void section(PrintWriter out, String title, List<String[]> rows) {
        // the key is the title's first words, e.g. "Pricing models (--pricing, ...)" -> "pricingModels"
        String[] words = title.replaceAll("\\(.*\\)", "").trim().split("\\s+");
        StringBuilder key = new StringBuilder(words[0].toLowerCase(Locale.ROOT));
        for (int i = 1; i < words.length; i++) {
            key.append(Character.toUpperCase(words[i].charAt(0))).append(words[i].substring(1).toLowerCase(Locale.ROOT));
        }
        sections.add(new Section(title, key.toString(), rows));
    }

    /** A VM type's cloud/local prices per second, on screen: 0.004, 0.0000666667, 0. */
    private static String prices(PricingModel m, int type) {
        return Options.readable(m.pricePerSecond(type, io.execplace.core.model.Site.CLOUD)) + "/"
                + Options.readable(m.pricePerSecond(type, io.execplace.core.model.Site.LOCAL));
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        section(out, "Clusters (--cluster)", ClusterPresets.list().stream()
                .map(p -> new String[]{p.name(), p.description()}).toList());
        List<String[]> pricing = new ArrayList<>();
        for (PricingModel m : PricingModel.values()) {
            pricing.add(new String[]{m.key(), m.description() + " (cloud/local $/s: m1.large " + prices(m, 0)
                    + ", m1.xlarge " + prices(m, 1) + ", m2.xlarge " + prices(m, 2) + ")"});
        }
        section(out, "Pricing models (--pricing, hybrid clusters)", pricing);
        section(out, "Workloads (--workload)", WorkloadPresets.list().stream()
                .map(p -> new String[]{p.name(), p.description()}).toList());
        section(out, "Scenarios (--scenario)", ScenarioPresets.list().stream()
                .map(p -> new String[]{p.name(), p.description()}).toList());
        section(out, "Schedulers (--scheduler, --schedulers)", context.schedulers().list().stream()
                .map((SchedulerInfo s) -> new String[]{s.name(), s.description()}).toList());
        section(out, "Queue orders (--queue)", List.of(
                new String[]{"fcfs", "first come, first served; the head of the queue blocks the rest (default)"},
                new String[]{"edf", "earliest deadline first among jobs that have arrived"},
                new String[]{"edf-feasible", "earliest deadline first among deadline jobs that can still meet their deadline; "
                        + "then the others in arrival order, re-ranked at every decision time"},
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
        liu(out);
        print(out);
        return 0;
    }

    /** LIU's own world: its slot clusters, arrival patterns and managers (reproduce liu). */
    private void liu(PrintWriter out) {
        section(out, "LIU clusters (reproduce liu)", List.<String[]>of(new String[]{"liu",
                "the LIU paper's five executor clusters of 500, 800, 1200, 1300 and 1900 executors, time-sliced (section V)"}));
        List<String[]> patterns = new ArrayList<>();
        for (ArrivalPattern.Kind k : ArrivalPattern.Kind.values()) {
            patterns.add(new String[]{k.label(), switch (k) {
                case BERNOULLI -> "geometric gaps between arrival events (Bernoulli trials per slice)";
                case UNIFORM -> "gaps uniform over a range of slices (Eq. 4)";
                case BETA -> "gaps from a discretised Beta distribution (Eq. 5)";
            }});
        }
        patterns.add(new String[]{"bernoulli-plain", "bernoulli arrivals, trained with plain epsilon-greedy (Fig. 4(d))"});
        section(out, "LIU arrival patterns (reproduce liu --runs)", patterns);
        section(out, "LIU workload variants (Table III, on uniform arrivals)", List.of(
                new String[]{"eased", "every demand x " + LiuWorkloadSpec.EASED},
                new String[]{"stressed", "every demand x " + LiuWorkloadSpec.STRESSED}));
        List<String[]> managers = new ArrayList<>();
        for (String name : LiuBaselines.NAMES) {
            managers.add(new String[]{name, switch (name) {
                case "random" -> "paper baseline: a random waiting application to a random cluster";
                case "sf-p" -> "paper baseline: smallest expected demand first, to the cluster of lowest mean utilisation over 100 slices";
                case "lf-p" -> "paper baseline: largest expected demand first, to the cluster of lowest mean utilisation over 100 slices";
                case "sf-e" -> "paper baseline: smallest expected demand first, to the cluster with the most executors free on average";
                default -> "paper baseline: largest expected demand first, to the cluster with the most executors free on average";
            }});
        }
        for (String name : LiuReferenceManagers.NAMES) {
            managers.add(new String[]{name, name.equals("sf-now")
                    ? "reference: sf-e with the cluster that has the most executors free now"
                    : "reference: least laxity first, sent where playing out each cluster's committed work adds the fewest misses"});
        }
        managers.add(new String[]{"agent:PATH", "a trained LIU agent: the paper's guided epsilon-greedy value agent (Table I "
                + "state, Eqs. 1-3; reproduce liu) or the pair manager (beyond the paper; train-liu, models/liu-pair-manager-*.xprl)"});
        section(out, "LIU managers (heldout --study liu --managers; docs/liu.md)", managers);
    }

    private void print(PrintWriter out) throws IOException {
        if (json) {
            ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
            ObjectNode root = mapper.createObjectNode();
            for (Section sec : sections) {
                ArrayNode rows = root.putArray(sec.key());
                for (String[] r : sec.rows()) {
                    rows.addObject().put("name", r[0]).put("description", r[1]);
                }
            }
            out.println(mapper.writeValueAsString(root));
        } else {
            for (Section sec : sections) {
                out.println(sec.title());
                int width = sec.rows().stream().mapToInt(r -> r[0].length()).max().orElse(0);
                for (String[] r : sec.rows()) {
                    out.printf("  %-" + width + "s  %s%n", r[0], r[1]);
                }
                out.println();
            }
        }
        out.flush();
    }
}
