package io.execplace.core.config;

import io.execplace.core.io.YamlSyntax;
import io.execplace.core.io.AtomicFiles;
import io.execplace.core.io.BadInputException;
import io.execplace.core.io.InputFiles;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.ClusterPresets;
import io.execplace.core.model.PricingModel;
import io.execplace.core.model.Vm;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Cluster descriptions in YAML, for clusters that are not presets:
 * <pre>
 * name: my-cluster             # optional, defaults to the file name
 * vmTypes:
 *   - name: m5.xlarge
 *     cores: 4
 *     memoryGb: 16
 *     pricePerHour: 0.192      # or pricePerSecond (exactly one of them)
 *     site: cloud              # local|cloud, default cloud
 *     count: 3                 # default 1
 * </pre>
 * An elastic cluster gives {@code nodePools} instead of {@code vmTypes} (docs/elastic.md):
 * <pre>
 * name: my-elastic
 * gracefulDecommission: false    # Spark decommissioning migrates shuffle blocks within a spot notice
 * driverPods: false              # each application runs a driver pod (Spark's defaults: 1 core, 1g + 384 MiB)
 * nodePools:                     # in order of preference (Karpenter's weight)
 *   - name: spot
 *     capacityType: spot         # on-demand (default) | spot
 *     instanceTypes:
 *       - {name: m5.xlarge, cores: 4, memoryGb: 16, onDemandPricePerHour: 0.192, spotPricePerHour: 0.0768}
 *     zones: [us-east-1a, us-east-1b]
 *     limitCores: 400            # default 1000
 *     launchDelaySeconds: 60-120 # seconds or a uniform range; default 60
 *     billingGranularitySeconds: 1   # default 1
 *     minimumBilledSeconds: 60       # default 60
 *     consolidateAfterSeconds: 60    # default 30
 *     consolidationPolicy: WhenEmpty # default; WhenEmptyOrUnderutilized also evicts from under-used nodes
 *     interruptionBand: "&gt;20"     # spot: &lt;5, 5-10, 10-15, 15-20, &gt;20 (or interruptionMonthlyRate: 0.1)
 *     interruptionNoticeSeconds: 120 # default 120
 *     reclaimAtSeconds: [3600, 7200] # spot: an availability trace, all the pool's nodes taken back then
 * </pre>
 * VMs get ids in file order. Errors name the file, line, entry and field. The file is read token by
 * token (not bound to classes) so that every message can carry the line of the offending value.
 */
public final class ClusterFile {

    static final List<String> ENTRY_FIELDS =
            List.of("name", "cores", "memoryGb", "pricePerHour", "pricePerSecond", "site", "count");
    static final int MAX_VMS = 1_000_000;
    static final double SECONDS_PER_HOUR = 3600;

    private static final YAMLFactory FACTORY = new YAMLFactory();

    /** The writer's mapper, made on first write: a data-binding mapper costs a reading command ~50 ms of start-up. */
    private static final class Writer {
        static final YAMLMapper WRITER = YAMLMapper.builder()
                .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
                .enable(YAMLGenerator.Feature.INDENT_ARRAYS_WITH_INDICATOR)
                // Plain decimals: YAML 1.1 reads "1.0E10" (no exponent sign) as a string.
                .enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN)
                .build();
    }

    private ClusterFile() {
    }

    /** Reads a cluster file. */
    public static Cluster read(Path file) {
        return parse(InputFiles.readText(file, "YAML"), file.toString(), defaultName(file));
    }

    /**
     * Parses cluster YAML.
     *
     * @param yaml        the text
     * @param file        what to call the source in messages
     * @param defaultName the cluster name when the text gives none
     */
    public static Cluster parse(String yaml, String file, String defaultName) {
        try (JsonParser p = FACTORY.createParser(yaml)) {
            return new ClusterFileReader(p, file).cluster(defaultName);
        } catch (JsonProcessingException e) {
            YamlSyntax problem = YamlSyntax.of(e);
            throw new ClusterFileException(file, problem.line(), null, null, problem.message(), e);
        } catch (IOException e) {
            // Parsing a String performs no real I/O; only malformed input ends up here.
            throw new ClusterFileException(file, 0, null, null, "cannot parse: " + e.getMessage(), e);
        }
    }

    /**
     * A preset by name ({@link ClusterPresets}, where {@code pricing} applies) or else a cluster file.
     *
     * @throws BadInputException when it is neither a preset nor a readable cluster file
     */
    public static Cluster resolve(String presetOrPath, PricingModel pricing) {
        if (ClusterPresets.isPreset(presetOrPath)) {
            return ClusterPresets.byName(presetOrPath, pricing);
        }
        Path path = Path.of(presetOrPath);
        if (!Files.isRegularFile(path)) {
            throw new BadInputException("'" + presetOrPath + "' is neither a cluster preset ("
                    + String.join(", ", ClusterPresets.list().stream().map(ClusterPresets.Preset::name).toList())
                    + ") nor a cluster file");
        }
        return read(path);
    }

    /** Writes a cluster atomically; runs of identical consecutive VMs become one entry with a count. */
    public static void write(Cluster cluster, Path file) throws IOException {
        String yaml = toYaml(cluster);
        AtomicFiles.write(file, w -> w.write(yaml));
    }

    /** The YAML text {@link #write} writes. */
    public static String toYaml(Cluster cluster) {
        ObjectNode root = Writer.WRITER.createObjectNode();
        root.put("name", cluster.name());
        ArrayNode types = root.putArray("vmTypes");
        List<Vm> vms = cluster.vms();
        for (int i = 0; i < vms.size(); ) {
            Vm first = vms.get(i);
            int j = i + 1;
            while (j < vms.size() && sameKind(first, vms.get(j))) {
                j++;
            }
            ObjectNode e = types.addObject();
            e.put("name", first.type().name());
            e.put("cores", first.cores());
            e.put("memoryGb", plain(first.memoryGb()));
            writePrice(e, first.pricePerSecond());
            e.put("site", first.site().label());
            e.put("count", j - i);
            i = j;
        }
        try {
            return "# execplace cluster file: give each VM type pricePerHour or pricePerSecond; site local|cloud\n"
                    + Writer.WRITER.writeValueAsString(root);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot render cluster YAML", e);
        }
    }

    private static boolean sameKind(Vm a, Vm b) {
        return a.type().equals(b.type()) && a.site() == b.site()
                && Double.compare(a.pricePerSecond(), b.pricePerSecond()) == 0;
    }

    /**
     * Per second when that is a short plain decimal (HYB's 0.004, the reference code's 1); otherwise
     * per hour when that reads back to exactly the same per-second price ($0.24/h rather than
     * 6.666666666666667E-5/s); otherwise per second, which is always exact.
     */
    private static void writePrice(ObjectNode e, double perSecond) {
        String second = Double.toString(perSecond);
        boolean shortSecond = second.indexOf('E') < 0 && second.length() <= 8;
        double perHour = perSecond * SECONDS_PER_HOUR;
        if (!shortSecond && perHour / SECONDS_PER_HOUR == perSecond) {
            e.put("pricePerHour", plain(perHour));
        } else {
            e.put("pricePerSecond", plain(perSecond));
        }
    }

    /** The exact shortest decimal of {@code v}, without exponent or trailing zeros. */
    private static BigDecimal plain(double v) {
        BigDecimal d = new BigDecimal(Double.toString(v)).stripTrailingZeros();
        return d.scale() < 0 ? d.setScale(0) : d;
    }

    private static String defaultName(Path file) {
        Path name = file.getFileName();
        if (name == null) {
            return file.toString();
        }
        String s = name.toString();
        int dot = s.lastIndexOf('.');
        return dot > 0 ? s.substring(0, dot) : s;
    }
}
