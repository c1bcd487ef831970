package io.execplace.core.config;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.DriverPod;
import io.execplace.core.model.NodePool;
import io.execplace.core.model.NodePools;
import io.execplace.core.model.Site;
import io.execplace.core.model.VmType;

import java.io.IOException;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Walks a cluster file's token stream ({@link ClusterFile}); one instance per parse. */
final class ClusterFileReader {

    /** One scalar value of an entry and where it was. */
    private record Scalar(JsonToken token, String text, double number, int line) {
        boolean isNumber() {
            return token == JsonToken.VALUE_NUMBER_INT || token == JsonToken.VALUE_NUMBER_FLOAT;
        }
    }

    private final JsonParser p;
    private final String file;

    ClusterFileReader(JsonParser p, String file) {
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
        List<NodePool> pools = null;
        int poolsLine = 0;
        boolean graceful = false;
        DriverPod drivers = null;
        int driversLine = 0;
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
                case "nodePools" -> {
                    poolsLine = fieldLine;
                    pools = new NodePoolsReader(p, file).pools(fieldLine);
                }
                case "gracefulDecommission" -> {
                    Scalar g = scalar();
                    if (g.token() != JsonToken.VALUE_TRUE && g.token() != JsonToken.VALUE_FALSE) {
                        throw fail(fieldLine, null, field, "expected true or false, got " + shown(g));
                    }
                    graceful = g.token() == JsonToken.VALUE_TRUE;
                }
                case "driverPods" -> {
                    Scalar d = scalar();
                    if (d.token() != JsonToken.VALUE_TRUE && d.token() != JsonToken.VALUE_FALSE) {
                        throw fail(fieldLine, null, field, "expected true or false, got " + shown(d));
                    }
                    drivers = d.token() == JsonToken.VALUE_TRUE ? DriverPod.SPARK_DEFAULT : null;
                    driversLine = fieldLine;
                }
                default -> throw fail(fieldLine, null, field,
                        "unknown field (expected name, vmTypes, or nodePools, gracefulDecommission and driverPods)");
            }
        }
        if (pools != null) {
            if (builder != null) {
                throw fail(Math.max(poolsLine, vmTypesLine), null, poolsLine > vmTypesLine ? "nodePools" : "vmTypes",
                        "give vmTypes (a fixed cluster) or nodePools (an elastic one), not both");
            }
            try {
                return new NodePools(nameOrDefault(name, defaultName), pools, graceful, drivers).cluster();
            } catch (IllegalArgumentException e) {
                throw fail(poolsLine, null, "nodePools", e.getMessage());
            }
        }
        if (drivers != null) {
            throw fail(driversLine, null, "driverPods", "driver pods are modelled on elastic clusters only (give nodePools)");
        }
        if (builder == null) {
            throw fail(0, null, "vmTypes", "missing (a list of VM types with name, cores, memoryGb, price, site, count; "
                    + "or nodePools for an elastic cluster)");
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
                throw fail(line(), entry, null, "expected a mapping with " + String.join(", ", ClusterFile.ENTRY_FIELDS));
            }
            total += entry(b, index);
            if (total > ClusterFile.MAX_VMS) {
                throw fail(line(), entry, "count", "more than " + ClusterFile.MAX_VMS + " VMs in total");
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
            } else if (!ClusterFile.ENTRY_FIELDS.contains(field)) {
                issue = "unknown field (expected " + String.join(", ", ClusterFile.ENTRY_FIELDS) + ")";
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
        if (s.isNumber() && v == Math.rint(v) && v > ClusterFile.MAX_VMS) {
            throw fail(s.line(), entry, field, "too large: at most " + ClusterFile.MAX_VMS + " (the largest cluster execplace "
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
        return hour != null ? s.number() / ClusterFile.SECONDS_PER_HOUR : s.number();
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
