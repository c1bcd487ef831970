package io.execplace.kubernetes.provision;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.execplace.core.io.BadInputException;
import io.execplace.kubernetes.cluster.Resources;
import io.fabric8.kubernetes.api.model.Quantity;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An instance type a NodePool may launch: what a node of it offers to pods and its price per capacity
 * type. Read from the instance types file of Karpenter's kwok provider (its {@code
 * --instance-types-file-path}: name, {@code resources.cpu}/{@code memory}, {@code offerings} with a
 * capacity-type requirement and a price), the file {@code scripts/testbed} writes from the price table.
 *
 * @param allocatableCpuMillis capacity less the kwok provider's fixed kube-reserved 100m
 * @param allocatableMemoryBytes capacity less its 10 MiB
 * @param pricePerHour by capacity type ({@code on-demand}, {@code spot})
 */
public record InstanceShape(String name, long allocatableCpuMillis, long allocatableMemoryBytes, Map<String, Double> pricePerHour) {

    /** The kwok provider's overhead on every node (its NodeClaims report 15900m of an m5.4xlarge's 16 CPUs). */
    static final long RESERVED_CPU_MILLIS = 100;
    static final long RESERVED_MEMORY_BYTES = 10L << 20;

    /** Pods of these requests a node of this type holds. */
    public long holds(long cpuMillis, long memoryBytes) {
        long byCpu = cpuMillis <= 0 ? Long.MAX_VALUE : allocatableCpuMillis / cpuMillis;
        long byMemory = memoryBytes <= 0 ? Long.MAX_VALUE : allocatableMemoryBytes / memoryBytes;
        return Math.min(byCpu, byMemory);
    }

    /** Every type of the file; a missing or malformed field is an error naming the file, entry and field. */
    public static List<InstanceShape> read(Path file) {
        JsonNode types;
        try {
            types = new ObjectMapper().readTree(Files.readString(file));
        } catch (IOException e) {
            // one line: Jackson's message goes on with the source location
            throw new BadInputException(file + ": cannot read the instance types: " + String.valueOf(e.getMessage()).lines().findFirst().orElse(""));
        }
        if (types == null || !types.isArray() || types.isEmpty()) {
            throw new BadInputException(file + ": expected a non-empty JSON array of instance types");
        }
        List<InstanceShape> shapes = new ArrayList<>();
        for (int i = 0; i < types.size(); i++) {
            JsonNode t = types.get(i);
            String where = file + ": instance type " + (i + 1);
            String name = text(t.path("name"), where, "name");
            where = file + ": instance type " + name;
            long cpu = cpuMillis(text(t.path("resources").path("cpu"), where, "resources.cpu"), where);
            long memory = memoryBytes(text(t.path("resources").path("memory"), where, "resources.memory"), where);
            Map<String, Double> prices = new HashMap<>();
            for (JsonNode o : t.path("offerings")) {
                String capacity = text(o.path("Requirements").path(0).path("values").path(0), where, "offerings[].Requirements[0].values[0]");
                if (!o.path("Price").isNumber() || !(o.path("Price").asDouble() > 0)) {
                    throw new BadInputException(where + ": field offerings[].Price must be a price > 0");
                }
                prices.merge(capacity, o.path("Price").asDouble(), Math::min);
            }
            if (prices.isEmpty()) {
                throw new BadInputException(where + ": field offerings is empty");
            }
            shapes.add(new InstanceShape(name, cpu - RESERVED_CPU_MILLIS, memory - RESERVED_MEMORY_BYTES, Map.copyOf(prices)));
        }
        return List.copyOf(shapes);
    }

    private static String text(JsonNode n, String where, String field) {
        if (!n.isTextual() && !n.isNumber() || n.asText().isBlank()) {
            throw new BadInputException(where + ": field " + field + " is missing");
        }
        return n.asText();
    }

    private static long cpuMillis(String q, String where) {
        try {
            return Resources.cpuMillis(new Quantity(q));
        } catch (RuntimeException e) {
            throw new BadInputException(where + ": field resources.cpu '" + q + "' is not a CPU quantity");
        }
    }

    private static long memoryBytes(String q, String where) {
        try {
            return Resources.memoryBytes(new Quantity(q));
        } catch (RuntimeException e) {
            throw new BadInputException(where + ": field resources.memory '" + q + "' is not a memory quantity");
        }
    }
}
