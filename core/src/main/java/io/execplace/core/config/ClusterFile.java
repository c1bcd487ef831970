package io.execplace.core.config;

import io.execplace.core.io.AtomicFiles;
import io.execplace.core.io.BadInputException;
import io.execplace.core.io.InputFiles;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.ClusterPresets;
import io.execplace.core.model.PricingModel;
import io.execplace.core.model.Site;
import io.execplace.core.model.Vm;
import io.execplace.core.model.VmType;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

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
 * VMs get ids in file order. Errors name the file, line, entry and field. The file is read token by
 * token (not bound to classes) so that every message can carry the line of the offending value.
 */
public final class ClusterFile {

    static final List<String> ENTRY_FIELDS =
            List.of("name", "cores", "memoryGb", "pricePerHour", "pricePerSecond", "site", "count");
    private static final int MAX_VMS = 1_000_000;
    private static final double SECONDS_PER_HOUR = 3600;

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
            return new Reader(p, file).cluster(defaultName);
        } catch (JsonProcessingException e) {
            int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
            throw new ClusterFileException(file, Math.max(line, 0), null, null, "not valid YAML: "
                    + e.getOriginalMessage(), e);
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

    /** One scalar value of an entry and where it was. */
    private record Scalar(JsonToken token, String text, double number, int line) {
        boolean isNumber() {
            return token == JsonToken.VALUE_NUMBER_INT || token == JsonToken.VALUE_NUMBER_FLOAT;
        }
    }

    /** Walks the token stream; one instance per parse. */
    private static final class Reader {
        private final JsonParser p;
        private final String file;

        Reader(JsonParser p, String file) {
            this.p = p;
            this.file = file;
        }

        Cluster cluster(String defaultName) throws IOException {
            JsonToken t = p.nextToken();
            if (t == null) {
                throw fail(0, null, null, "the file is empty (expected name and vmTypes)");
            }
            if (t != JsonToken.START_OBJECT) {
                throw fail(line(), null, null, "expected a mapping with 'name' and 'vmTypes'");
            }
            String name = defaultName;
            Cluster.Builder builder = null;
            int vmTypesLine = 0;
            Set<String> seen = new HashSet<>();
            while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                int fieldLine = line();
                p.nextToken();
                if (!seen.add(field)) {
                    throw fail(fieldLine, null, field, "given twice");
                }
                switch (field) {
                    case "name" -> {
                        if (p.currentToken() == JsonToken.START_OBJECT || p.currentToken() == JsonToken.START_ARRAY) {
                            throw fail(fieldLine, null, field, "expected a single value");
                        }
                        name = scalar().text();
                    }
                    case "vmTypes" -> {
                        vmTypesLine = fieldLine;
                        builder = vmTypes(nameOrDefault(name, defaultName));
                    }
                    default -> throw fail(fieldLine, null, field, "unknown field (expected name, vmTypes)");
                }
            }
            if (builder == null) {
                throw fail(0, null, "vmTypes", "missing (a list of VM types with name, cores, memoryGb, price, site, count)");
            }
            Cluster built;
            try {
                built = builder.build();
            } catch (IllegalArgumentException e) {
                throw fail(vmTypesLine, null, "vmTypes", "the cluster has no VMs (every count is 0)");
            }
            // The name may follow vmTypes in the file; rebuild under the final name.
            return new Cluster(nameOrDefault(name, defaultName), built.vms());
        }

        private static String nameOrDefault(String name, String defaultName) {
            return name == null || name.isBlank() ? defaultName : name;
        }

        private Cluster.Builder vmTypes(String clusterName) throws IOException {
            if (p.currentToken() != JsonToken.START_ARRAY) {
                throw fail(line(), null, "vmTypes", "expected a list of VM types");
            }
            Cluster.Builder b = Cluster.builder(clusterName);
            int index = 0;
            long total = 0;
            int listLine = line();
            JsonToken t;
            while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
                String entry = "vmTypes[" + index + "]";
                if (t != JsonToken.START_OBJECT) {
                    throw fail(line(), entry, null, "expected a mapping with " + String.join(", ", ENTRY_FIELDS));
                }
                total += entry(b, index);
                if (total > MAX_VMS) {
                    throw fail(line(), entry, "count", "more than " + MAX_VMS + " VMs in total");
                }
                index++;
            }
            if (index == 0) {
                throw fail(listLine, null, "vmTypes", "needs at least one VM type");
            }
            return b;
        }

        /** Reads one entry (positioned on its START_OBJECT), adds its VMs, returns its count. */
        private int entry(Cluster.Builder b, int index) throws IOException {
            int startLine = line();
            Map<String, Scalar> fields = new LinkedHashMap<>();
            // The first problem met while reading; reported once the whole entry is read, so that
            // the message can name the VM type even when its name comes later.
            String problemField = null;
            String problem = null;
            int problemLine = 0;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                int fieldLine = line();
                JsonToken t = p.nextToken();
                String issue = null;
                if (t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY) {
                    p.skipChildren();
                    issue = "expected a single value, got a " + (t == JsonToken.START_OBJECT ? "mapping" : "list");
                } else if (!ENTRY_FIELDS.contains(field)) {
                    issue = "unknown field (expected " + String.join(", ", ENTRY_FIELDS) + ")";
                } else if (fields.putIfAbsent(field, scalar()) != null) {
                    issue = "given twice";
                }
                if (issue != null && problem == null) {
                    problem = issue;
                    problemField = field;
                    problemLine = fieldLine;
                }
            }
            Scalar nameValue = fields.get("name");
            String typeName = nameValue == null || nameValue.token() == JsonToken.VALUE_NULL ? null : nameValue.text();
            String entry = "vmTypes[" + index + "]" + (typeName == null ? "" : " '" + typeName + "'");
            if (problem != null) {
                throw fail(problemLine, entry, problemField, problem);
            }
            if (typeName == null || typeName.isBlank()) {
                throw fail(nameValue == null ? startLine : nameValue.line(), entry, "name", "missing");
            }
            int cores = (int) whole(fields, "cores", entry, startLine, 1, true);
            double memory = positive(fields, "memoryGb", entry, startLine);
            double pricePerSecond = price(fields, entry, startLine);
            Site site = site(fields, entry);
            int count = (int) whole(fields, "count", entry, startLine, 0, false);
            b.add(new VmType(typeName, cores, memory), site, count, pricePerSecond);
            return count;
        }

        private long whole(Map<String, Scalar> fields, String field, String entry, int startLine, int min,
                           boolean required) {
            Scalar s = fields.get(field);
            if (s == null || s.token() == JsonToken.VALUE_NULL) {
                if (required) {
                    throw fail(s == null ? startLine : s.line(), entry, field, "missing");
                }
                return 1; // count defaults to one VM
            }
            double v = s.number();
            if (s.isNumber() && v == Math.rint(v) && v > MAX_VMS) {
                throw fail(s.line(), entry, field, "too large: at most " + MAX_VMS + " (the largest cluster execplace "
                        + "simulates), got " + shown(s));
            }
            if (!s.isNumber() || v != Math.rint(v) || v < min) {
                throw fail(s.line(), entry, field, "expected a whole number >= " + min + ", got " + shown(s));
            }
            return (long) v;
        }

        private double positive(Map<String, Scalar> fields, String field, String entry, int startLine) {
            Scalar s = fields.get(field);
            if (s == null || s.token() == JsonToken.VALUE_NULL) {
                throw fail(s == null ? startLine : s.line(), entry, field, "missing");
            }
            if (!s.isNumber() || !(s.number() > 0) || Double.isInfinite(s.number())) {
                throw fail(s.line(), entry, field, "expected a number > 0, got " + shown(s));
            }
            return s.number();
        }

        private double price(Map<String, Scalar> fields, String entry, int startLine) {
            Scalar hour = fields.get("pricePerHour");
            Scalar second = fields.get("pricePerSecond");
            if (hour != null && second != null) {
                Scalar later = hour.line() >= second.line() ? hour : second;
                throw fail(later.line(), entry, later == hour ? "pricePerHour" : "pricePerSecond",
                        "give either pricePerHour or pricePerSecond, not both");
            }
            if (hour == null && second == null) {
                throw fail(startLine, entry, "pricePerHour", "missing price: give pricePerHour or pricePerSecond");
            }
            Scalar s = hour != null ? hour : second;
            String field = hour != null ? "pricePerHour" : "pricePerSecond";
            if (!s.isNumber() || !(s.number() >= 0) || Double.isInfinite(s.number())) {
                throw fail(s.line(), entry, field, "expected a number >= 0, got " + shown(s));
            }
            return hour != null ? s.number() / SECONDS_PER_HOUR : s.number();
        }

        private Site site(Map<String, Scalar> fields, String entry) {
            Scalar s = fields.get("site");
            if (s == null || s.token() == JsonToken.VALUE_NULL) {
                return Site.CLOUD;
            }
            try {
                return Site.parse(s.text());
            } catch (IllegalArgumentException e) {
                throw fail(s.line(), entry, "site", "expected local or cloud, got " + shown(s));
            }
        }

        /** The scalar at the current token. */
        private Scalar scalar() throws IOException {
            JsonToken t = p.currentToken();
            double number = Double.NaN;
            if (t == JsonToken.VALUE_NUMBER_INT || t == JsonToken.VALUE_NUMBER_FLOAT) {
                number = p.getDoubleValue();
            }
            return new Scalar(t, t == JsonToken.VALUE_NULL ? null : p.getText(), number, line());
        }

        private static String shown(Scalar s) {
            if (s.token() == JsonToken.VALUE_STRING) {
                return "'" + s.text() + "'";
            }
            return s.text();
        }

        private int line() {
            return Math.max(p.currentTokenLocation().getLineNr(), 0);
        }

        private ClusterFileException fail(int line, String entry, String field, String problem) {
            return new ClusterFileException(file, line, entry, field, problem);
        }
    }
}
