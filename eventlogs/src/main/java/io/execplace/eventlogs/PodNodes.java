package io.execplace.eventlogs;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.execplace.core.io.BadInputException;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Which node each Spark pod of a Kubernetes cluster ran on: Kubernetes-mode event logs name an
 * executor's pod IP as its host, so without this every pod looks like a node of its own. Read from
 * either
 * <ul>
 * <li>a placement log: JSON lines {@code {"pod":"spark-pi-exec-1","node":"node-a","app":"spark-...",
 *   "executor":"1","bound":1700000000000,"ended":1700000100000}} ({@code app}: the pod's
 *   {@code spark-app-selector} label, the application id; {@code executor}: its {@code spark-exec-id}
 *   label, or {@code "driver"}; {@code bound}/{@code ended}: epoch ms, {@code ended} null while it runs;
 *   optional {@code namespace}, {@code ip}) — docs/eventlogs.md; or</li>
 * <li>a saved {@code kubectl get pods -o json} listing (Spark's labels {@code spark-app-selector},
 *   {@code spark-exec-id}, {@code spark-role}; {@code spec.nodeName}; {@code status.podIP}).</li>
 * </ul>
 * A pod is found by application id and executor id, else by its IP.
 */
public final class PodNodes {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** How {@code k8s-scheduler --placement-log} begins a placement log, before its version number. */
    static final String VERSION_LINE = "# execplace placement log, version ";

    private final Map<String, String> byExecutor = new HashMap<>();
    private final Map<String, String> byIp = new HashMap<>();

    private PodNodes() {
    }

    /**
     * Reads a placement log or a {@code kubectl get pods -o json} listing.
     *
     * @throws BadInputException naming the file (and line) when it is neither, or a pod has no node
     */
    public static PodNodes read(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new BadInputException(file + ": no such pod placement file");
        }
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(Files.readAllBytes(file))).toString()
                    .strip();
        } catch (CharacterCodingException e) {
            throw new BadInputException(file + ": not a pod placement file (not UTF-8 text)");
        }
        PodNodes out = new PodNodes();
        JsonNode whole = null;
        if (text.startsWith("{")) {
            try {
                whole = JSON.readTree(text);
            } catch (JsonProcessingException e) {
                whole = null; // JSON lines, not one document
            }
        }
        if (whole != null && whole.has("items")) {
            out.readKubectl(file, whole.path("items"));
        } else {
            out.readPlacementLog(file, text.lines().toList());
        }
        if (out.byExecutor.isEmpty() && out.byIp.isEmpty()) {
            throw new BadInputException(file + ": names no pod (a placement log or kubectl get pods -o json expected)");
        }
        return out;
    }

    private void readKubectl(Path file, JsonNode items) {
        for (int i = 0; i < items.size(); i++) {
            JsonNode pod = items.get(i);
            JsonNode labels = pod.path("metadata").path("labels");
            String node = pod.path("spec").path("nodeName").asText("");
            if (node.isEmpty()) {
                continue; // never scheduled: it ran nowhere
            }
            String role = labels.path("spark-role").asText("");
            String app = labels.path("spark-app-selector").asText(null);
            String exec = role.equals("driver") ? "driver" : labels.path("spark-exec-id").asText(null);
            put(app, exec, pod.path("status").path("podIP").asText(null), node);
        }
        if (byExecutor.isEmpty() && byIp.isEmpty() && !items.isEmpty()) {
            throw new BadInputException(file + ": no pod of the listing has a node (spec.nodeName)");
        }
    }

    private void readPlacementLog(Path file, List<String> lines) {
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.startsWith(VERSION_LINE) && !line.equals(VERSION_LINE + "1")) {
                throw new BadInputException(file.toString(), i + 1, null, "a placement log of version "
                        + line.substring(VERSION_LINE.length()) + "; this execplace reads version 1");
            }
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            JsonNode n = JsonLines.object(line);
            if (n == null) {
                throw new BadInputException(file.toString(), i + 1, null, "not a JSON object (a placement log has one "
                        + "{\"pod\":...,\"node\":...} per line; or give kubectl get pods -o json)");
            }
            String node = n.path("node").asText("");
            if (node.isEmpty()) {
                throw new BadInputException(file.toString(), i + 1, "node", "missing");
            }
            if (!n.hasNonNull("pod")) {
                throw new BadInputException(file.toString(), i + 1, "pod", "missing");
            }
            put(n.path("app").asText(null), n.path("executor").asText(null), n.path("ip").asText(null), node);
        }
    }

    private void put(String app, String executor, String ip, String node) {
        if (app != null && executor != null) {
            byExecutor.put(app + "#" + executor, node);
        }
        if (ip != null && !ip.isEmpty()) {
            byIp.put(ip, node);
        }
    }

    /** The node of an application's executor (or {@code "driver"}), by ids, else by the logged pod IP; null if unknown. */
    String node(String appId, String executorId, String loggedHost) {
        String n = byExecutor.get(appId + "#" + executorId);
        return n != null ? n : loggedHost == null ? null : byIp.get(loggedHost);
    }

    /**
     * Puts the Kubernetes applications' executors (and driver) on their nodes: their logged hosts
     * become node names.
     *
     * @return how many executors of Kubernetes applications no pod of the file stands for (they keep their pod IP)
     */
    public int apply(List<SparkApplication> apps) {
        int unknown = 0;
        for (SparkApplication a : apps) {
            if (!a.kubernetes()) {
                continue;
            }
            for (SparkApplication.Executor e : a.executors()) {
                String node = node(a.id(), e.id(), e.host());
                if (node == null) {
                    unknown++;
                    continue;
                }
                a.executors.put(e.id(), new SparkApplication.Executor(e.id(), node, e.cores(), e.addedMs(), e.removedMs()));
            }
            String driver = node(a.id(), "driver", a.property("spark.driver.host"));
            if (driver != null) {
                // The driver group is placed on the host this property names (ExecutorGroup).
                a.properties.put("spark.driver.host", driver);
            }
        }
        return unknown;
    }
}
