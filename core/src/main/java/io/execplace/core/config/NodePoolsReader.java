package io.execplace.core.config;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.execplace.core.model.CapacityType;
import io.execplace.core.model.ConsolidationPolicy;
import io.execplace.core.model.InstanceType;
import io.execplace.core.model.Interruptions;
import io.execplace.core.model.LaunchDelay;
import io.execplace.core.model.NodePool;
import io.execplace.core.model.UnavailableWindow;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the {@code nodePools} list of a cluster file (an elastic cluster; {@link ClusterFile} gives the
 * format) from the token stream, keeping each value's line so that every message names file, line,
 * entry and field.
 */
final class NodePoolsReader {

    static final List<String> POOL_FIELDS = List.of("name", "capacityType", "instanceTypes", "zones", "limitCores",
            "launchDelaySeconds", "billingGranularitySeconds", "minimumBilledSeconds", "consolidateAfterSeconds",
            "consolidationPolicy", "interruptionBand", "interruptionMonthlyRate", "interruptionNoticeSeconds", "reclaimAtSeconds",
            "availabilityTrace");
    static final List<String> TYPE_FIELDS = List.of("name", "cores", "memoryGb", "onDemandPricePerHour",
            "spotPricePerHour");

    /** A value read from the file: a scalar's text (null for YAML null), a list or a mapping, and its line. */
    private record Value(Object value, JsonToken token, int line) {
        boolean isNumber() {
            return token == JsonToken.VALUE_NUMBER_INT || token == JsonToken.VALUE_NUMBER_FLOAT;
        }
    }

    private final JsonParser p;
    private final String file;

    NodePoolsReader(JsonParser p, String file) {
        this.p = p;
        this.file = file;
    }

    /** Reads the list at the current token (the value of {@code nodePools}). */
    List<NodePool> pools(int fieldLine) throws IOException {
        Value list = value();
        if (!(list.value() instanceof List<?> items)) {
            throw fail(fieldLine, null, "nodePools", "expected a list of node pools");
        }
        if (items.isEmpty()) {
            throw fail(fieldLine, null, "nodePools", "needs at least one node pool");
        }
        List<NodePool> pools = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            pools.add(pool((Value) items.get(i), i));
        }
        return pools;
    }

    private NodePool pool(Value v, int index) {
        String entry = "nodePools[" + index + "]";
        Map<String, Value> f = mapping(v, entry, POOL_FIELDS);
        String name = text(f, "name", entry, v.line(), true);
        entry += " '" + name + "'";
        NodePool.Builder b = NodePool.builder(name);
        CapacityType capacity = CapacityType.ON_DEMAND;
        if (f.containsKey("capacityType")) {
            Value c = f.get("capacityType");
            try {
                capacity = CapacityType.parse(String.valueOf(c.value()));
            } catch (IllegalArgumentException e) {
                throw fail(c.line(), entry, "capacityType", "expected on-demand or spot, got '" + c.value() + "'");
            }
        }
        b.capacityType(capacity);
        Value types = f.get("instanceTypes");
        if (types == null || !(types.value() instanceof List<?> typeList) || typeList.isEmpty()) {
            throw fail(types == null ? v.line() : types.line(), entry, "instanceTypes",
                    "expected a list of instance types with " + String.join(", ", TYPE_FIELDS));
        }
        List<InstanceType> instanceTypes = new ArrayList<>();
        for (int i = 0; i < typeList.size(); i++) {
            instanceTypes.add(instanceType((Value) typeList.get(i), entry + ".instanceTypes[" + i + "]"));
        }
        b.instanceTypes(instanceTypes);
        if (f.containsKey("zones")) {
            Value z = f.get("zones");
            if (!(z.value() instanceof List<?> zones) || zones.isEmpty()) {
                throw fail(z.line(), entry, "zones", "expected a list of zone names");
            }
            b.zones(zones.stream().map(o -> String.valueOf(((Value) o).value())).toList());
        }
        b.limitCores((int) whole(f, "limitCores", entry, 1000));
        b.launchDelay(launchDelay(f, entry));
        b.billing(number(f, "billingGranularitySeconds", entry, 1), number(f, "minimumBilledSeconds", entry, 60));
        b.consolidateAfter(number(f, "consolidateAfterSeconds", entry, 30));
        if (f.containsKey("consolidationPolicy")) {
            Value c = f.get("consolidationPolicy");
            try {
                b.consolidationPolicy(ConsolidationPolicy.parse(String.valueOf(c.value())));
            } catch (IllegalArgumentException e) {
                throw fail(c.line(), entry, "consolidationPolicy", "expected WhenEmpty or WhenEmptyOrUnderutilized, got '"
                        + c.value() + "'");
            }
        }
        b.interruptions(interruptions(f, entry, capacity));
        try {
            return b.build();
        } catch (IllegalArgumentException e) {
            throw fail(v.line(), entry, null, e.getMessage());
        }
    }

    private InstanceType instanceType(Value v, String entry) {
        Map<String, Value> f = mapping(v, entry, TYPE_FIELDS);
        String name = text(f, "name", entry, v.line(), true);
        entry += " '" + name + "'";
        int cores = (int) whole(f, "cores", entry, -1);
        double memory = number(f, "memoryGb", entry, -1);
        if (!(memory > 0)) {
            throw fail(f.get("memoryGb").line(), entry, "memoryGb", "expected a number > 0, got " + memory);
        }
        double onDemand = number(f, "onDemandPricePerHour", entry, -1);
        double spot = number(f, "spotPricePerHour", entry, onDemand);
        return InstanceType.perHour(name, cores, memory, onDemand, spot);
    }

    private LaunchDelay launchDelay(Map<String, Value> f, String entry) {
        Value v = f.get("launchDelaySeconds");
        if (v == null) {
            return LaunchDelay.constant(60);
        }
        String text = String.valueOf(v.value()).trim();
        try {
            String[] parts = text.split("-", 2);
            double min = Double.parseDouble(parts[0].trim());
            double max = parts.length == 2 ? Double.parseDouble(parts[1].trim()) : min;
            return new LaunchDelay(min, max);
        } catch (IllegalArgumentException e) {
            throw fail(v.line(), entry, "launchDelaySeconds", "expected seconds (90) or a range (60-120), got '"
                    + text + "'");
        }
    }

    private Interruptions interruptions(Map<String, Value> f, String entry, CapacityType capacity) {
        Value band = f.get("interruptionBand");
        Value rate = f.get("interruptionMonthlyRate");
        Value reclaims = f.get("reclaimAtSeconds");
        if (capacity == CapacityType.ON_DEMAND) {
            for (String field : List.of("interruptionBand", "interruptionMonthlyRate", "reclaimAtSeconds", "availabilityTrace")) {
                if (f.containsKey(field)) {
                    throw fail(f.get(field).line(), entry, field, "applies to spot pools only (capacityType: spot)");
                }
            }
            return Interruptions.NONE;
        }
        if (band != null && rate != null) {
            throw fail(rate.line(), entry, "interruptionMonthlyRate", "give interruptionBand or interruptionMonthlyRate, not both");
        }
        double notice = number(f, "interruptionNoticeSeconds", entry, Interruptions.AWS_NOTICE_SECONDS);
        double monthly = 0;
        if (band != null) {
            try {
                monthly = Interruptions.band(String.valueOf(band.value())).monthlyRate();
            } catch (IllegalArgumentException e) {
                throw fail(band.line(), entry, "interruptionBand", e.getMessage());
            }
        } else if (rate != null) {
            monthly = number(f, "interruptionMonthlyRate", entry, 0);
            if (!(monthly >= 0 && monthly < 1)) {
                throw fail(rate.line(), entry, "interruptionMonthlyRate", "expected a probability in [0, 1), got " + monthly);
            }
        }
        List<Double> times = new ArrayList<>();
        if (reclaims != null) {
            if (!(reclaims.value() instanceof List<?> list)) {
                throw fail(reclaims.line(), entry, "reclaimAtSeconds", "expected a list of times in seconds");
            }
            for (Object o : list) {
                Value t = (Value) o;
                if (!t.isNumber() || !(Double.parseDouble(String.valueOf(t.value())) >= 0)) {
                    throw fail(t.line(), entry, "reclaimAtSeconds", "expected times >= 0 in seconds, got '" + t.value() + "'");
                }
                times.add(Double.parseDouble(String.valueOf(t.value())));
            }
        }
        List<UnavailableWindow> windows = List.of();
        Value trace = f.get("availabilityTrace");
        if (trace != null) {
            if (trace.value() instanceof List<?> || trace.value() instanceof Map<?, ?> || trace.value() == null) {
                throw fail(trace.line(), entry, "availabilityTrace", "expected the path of an availability trace file");
            }
            // Relative to the cluster file, as a user writes it next to the file.
            Path path = Path.of(file).toAbsolutePath().resolveSibling(String.valueOf(trace.value()));
            windows = AvailabilityTraceFile.read(path);
        }
        return new Interruptions(monthly, notice, times).withUnavailable(windows);
    }

    // ---- values ----------------------------------------------------------------------------------

    private Map<String, Value> mapping(Value v, String entry, List<String> allowed) {
        if (!(v.value() instanceof Map<?, ?> raw)) {
            throw fail(v.line(), entry, null, "expected a mapping with " + String.join(", ", allowed));
        }
        Map<String, Value> out = new LinkedHashMap<>();
        for (Map.Entry<?, ?> e : raw.entrySet()) {
            String key = (String) e.getKey();
            Value value = (Value) e.getValue();
            if (!allowed.contains(key)) {
                throw fail(value.line(), entry, key, "unknown field (expected " + String.join(", ", allowed) + ")");
            }
            out.put(key, value);
        }
        return out;
    }

    private String text(Map<String, Value> f, String field, String entry, int line, boolean required) {
        Value v = f.get(field);
        if (v == null || v.value() == null || String.valueOf(v.value()).isBlank()) {
            if (required) {
                throw fail(v == null ? line : v.line(), entry, field, "missing");
            }
            return null;
        }
        if (v.value() instanceof List || v.value() instanceof Map) {
            throw fail(v.line(), entry, field, "expected a single value");
        }
        return String.valueOf(v.value());
    }

    /** A number field; {@code fallback} when absent, and missing is an error when {@code fallback} is negative. */
    private double number(Map<String, Value> f, String field, String entry, double fallback) {
        Value v = f.get(field);
        if (v == null || v.value() == null) {
            if (fallback < 0) {
                throw fail(0, entry, field, "missing");
            }
            return fallback;
        }
        double x = v.isNumber() ? Double.parseDouble(String.valueOf(v.value())) : Double.NaN;
        if (!(x >= 0) || Double.isInfinite(x)) {
            throw fail(v.line(), entry, field, "expected a number >= 0, got '" + v.value() + "'");
        }
        return x;
    }

    private long whole(Map<String, Value> f, String field, String entry, long fallback) {
        double x = number(f, field, entry, fallback);
        if (x != Math.rint(x) || x < 1 || x > ClusterFile.MAX_VMS * 1000.0) {
            throw fail(f.get(field).line(), entry, field, "expected a whole number >= 1, got '" + f.get(field).value() + "'");
        }
        return (long) x;
    }

    /** The value at the current token, read whole. */
    private Value value() throws IOException {
        JsonToken t = p.currentToken();
        int line = Math.max(p.currentTokenLocation().getLineNr(), 0);
        if (t == JsonToken.START_ARRAY) {
            List<Value> items = new ArrayList<>();
            while (p.nextToken() != JsonToken.END_ARRAY) {
                items.add(value());
            }
            return new Value(items, t, line);
        }
        if (t == JsonToken.START_OBJECT) {
            Map<String, Value> fields = new LinkedHashMap<>();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                int fieldLine = Math.max(p.currentTokenLocation().getLineNr(), 0);
                p.nextToken();
                if (fields.put(name, value()) != null) {
                    throw fail(fieldLine, null, name, "given twice");
                }
            }
            return new Value(fields, t, line);
        }
        return new Value(t == JsonToken.VALUE_NULL ? null : p.getText(), t, line);
    }

    private ClusterFileException fail(int line, String entry, String field, String problem) {
        return new ClusterFileException(file, line, entry, field, problem);
    }
}
