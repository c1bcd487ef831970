package io.execplace.liu.model;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.execplace.core.io.InputFileException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The clusters a LIU global manager chooses among: each is a number of identical executor slots
 * run by its own FIFO scheduler. Read from YAML as
 * <pre>
 * name: my-clusters
 * clusters: [500, 800, 1200]     # executor slots per cluster
 * </pre>
 *
 * @param name  shown in reports
 * @param slots executors of each cluster, in action order
 */
public record ExecutorClusters(String name, int[] slots) {

    /** Largest accepted number of clusters. */
    public static final int MAX_CLUSTERS = 1000;
    /** Largest accepted executors per cluster. */
    public static final int MAX_SLOTS = 10_000_000;

    public ExecutorClusters {
        slots = slots.clone();
        if (slots.length < 1 || slots.length > MAX_CLUSTERS) {
            throw new IllegalArgumentException("a cluster set needs 1.." + MAX_CLUSTERS + " clusters, got " + slots.length);
        }
        for (int s : slots) {
            if (s < 1 || s > MAX_SLOTS) {
                throw new IllegalArgumentException("each cluster needs 1.." + MAX_SLOTS + " executors, got " + s);
            }
        }
    }

    /** The paper's five clusters (§V): 500, 800, 1200, 1300, 1900 executors. */
    public static ExecutorClusters liu() {
        return new ExecutorClusters("liu", new int[] {500, 800, 1200, 1300, 1900});
    }

    /** The preset {@code liu} or a YAML file. */
    public static ExecutorClusters resolve(String presetOrPath) throws IOException {
        if ("liu".equals(presetOrPath)) {
            return liu();
        }
        Path p = Path.of(presetOrPath);
        if (!Files.isRegularFile(p)) {
            throw new IllegalArgumentException("unknown cluster set '" + presetOrPath + "': not the preset 'liu' nor a file");
        }
        return parse(Files.readString(p), presetOrPath);
    }

    /** Parses the YAML form; errors name the file and field. */
    public static ExecutorClusters parse(String yaml, String file) {
        JsonNode root;
        try {
            root = new YAMLMapper().readTree(yaml);
        } catch (IOException e) {
            throw new InputFileException(file, 0, null, "not valid YAML: " + e.getMessage().lines().findFirst().orElse(""), e);
        }
        if (root == null || !root.isObject()) {
            throw new InputFileException(file, 0, null, "expected a mapping with 'clusters'");
        }
        JsonNode list = root.get("clusters");
        if (list == null || !list.isArray() || list.isEmpty()) {
            throw new InputFileException(file, 0, "clusters", "expected a non-empty list of executor counts");
        }
        if (list.size() > MAX_CLUSTERS) {
            throw new InputFileException(file, 0, "clusters", "at most " + MAX_CLUSTERS + " clusters, got " + list.size());
        }
        int[] slots = new int[list.size()];
        for (int i = 0; i < slots.length; i++) {
            JsonNode n = list.get(i);
            if (!n.canConvertToInt() || !n.isIntegralNumber() || n.intValue() < 1 || n.intValue() > MAX_SLOTS) {
                throw new InputFileException(file, 0, "clusters[" + i + "]",
                        "expected a whole number of executors in 1.." + MAX_SLOTS + ", got " + n);
            }
            slots[i] = n.intValue();
        }
        JsonNode name = root.get("name");
        return new ExecutorClusters(name == null ? Path.of(file).getFileName().toString() : name.asText(), slots);
    }

    public int count() {
        return slots.length;
    }

    public int slots(int cluster) {
        return slots[cluster];
    }

    @Override
    public int[] slots() {
        return slots.clone();
    }

    public int maxSlots() {
        return Arrays.stream(slots).max().orElse(1);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ExecutorClusters c && name.equals(c.name) && Arrays.equals(slots, c.slots);
    }

    @Override
    public int hashCode() {
        return name.hashCode() * 31 + Arrays.hashCode(slots);
    }

    @Override
    public String toString() {
        return name + Arrays.toString(slots);
    }
}
