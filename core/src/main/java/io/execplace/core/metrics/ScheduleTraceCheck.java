package io.execplace.core.metrics;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.BufferedReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Re-checks a schedule trace from its own lines alone, independently of the simulator's
 * bookkeeping: recomputes every VM's busy time as the union of the intervals of the jobs it hosted
 * (hence the exact-billing cost) and sweeps each VM's executors over time to find the peak use of
 * cores and memory.
 */
public final class ScheduleTraceCheck {

    /**
     * The outcome of a check.
     *
     * @param recomputedCost  Σ price × union of busy intervals, from the job lines
     * @param reportedCost    totalCost of the summary line
     * @param capacityErrors  descriptions of VMs over capacity at some instant (empty when fine)
     * @param completedJobs   job lines with status completed
     * @param droppedJobs     job lines with status dropped
     */
    public record Report(double recomputedCost, double reportedCost, List<String> capacityErrors,
                         int completedJobs, int droppedJobs) {
    }

    private record VmLine(int cores, double memoryGb, double price) {
    }

    private record Usage(double time, int vm, int cores, double memoryGb) {
    }

    private ScheduleTraceCheck() {
    }

    /** Reads a trace and checks it. Lines that are not JSON objects make it fail with the line number. */
    public static Report check(BufferedReader in) throws IOException {
        ObjectMapper mapper = new ObjectMapper();
        Map<Integer, VmLine> vms = new HashMap<>();
        Map<Integer, List<double[]>> intervals = new HashMap<>();
        List<Usage> events = new ArrayList<>();
        double reported = Double.NaN;
        int completed = 0;
        int dropped = 0;
        String line;
        int lineNo = 0;
        while ((line = in.readLine()) != null) {
            lineNo++;
            if (line.isBlank()) {
                continue;
            }
            JsonNode node;
            try {
                node = mapper.readTree(line);
            } catch (IOException e) {
                throw new IOException("line " + lineNo + ": not a JSON object: " + e.getMessage(), e);
            }
            switch (node.path("kind").asText()) {
                case "vm" -> vms.put(node.get("vm").asInt(), new VmLine(node.get("cores").asInt(),
                        node.get("memoryGb").asDouble(), node.get("pricePerSecond").asDouble()));
                case "job" -> {
                    if (!"completed".equals(node.path("status").asText())) {
                        dropped++;
                        continue;
                    }
                    completed++;
                    double start = node.get("start").asDouble();
                    double finish = node.get("finish").asDouble();
                    int cores = node.get("cores").asInt();
                    double mem = node.get("memoryGb").asDouble();
                    for (JsonNode e : node.get("executors")) {
                        int vm = e.asInt();
                        intervals.computeIfAbsent(vm, k -> new ArrayList<>()).add(new double[]{start, finish});
                        events.add(new Usage(start, vm, cores, mem));
                        events.add(new Usage(finish, vm, -cores, -mem));
                    }
                }
                case "summary" -> reported = node.get("totalCost").asDouble();
                default -> throw new IOException("line " + lineNo + ": unknown kind '" + node.path("kind").asText() + "'");
            }
        }
        double cost = 0;
        for (Map.Entry<Integer, List<double[]>> e : intervals.entrySet()) {
            VmLine vm = vms.get(e.getKey());
            if (vm == null) {
                throw new IOException("a job uses VM " + e.getKey() + " that has no vm line");
            }
            cost += vm.price() * IntervalUnion.length(e.getValue());
        }
        return new Report(cost, reported, capacityErrors(vms, events), completed, dropped);
    }

    /** Sweep per VM: at equal times releases come before acquisitions (a job may start when another ends). */
    private static List<String> capacityErrors(Map<Integer, VmLine> vms, List<Usage> events) {
        Map<Integer, List<Usage>> byVm = new TreeMap<>();
        for (Usage u : events) {
            byVm.computeIfAbsent(u.vm(), k -> new ArrayList<>()).add(u);
        }
        List<String> errors = new ArrayList<>();
        for (Map.Entry<Integer, List<Usage>> e : byVm.entrySet()) {
            VmLine vm = vms.get(e.getKey());
            List<Usage> list = e.getValue();
            list.sort((a, b) -> a.time() != b.time() ? Double.compare(a.time(), b.time()) : Integer.compare(a.cores(), b.cores()));
            int cores = 0;
            double mem = 0;
            for (Usage u : list) {
                cores += u.cores();
                mem += u.memoryGb();
                if (cores > vm.cores() || mem > vm.memoryGb() + 1e-6) {
                    errors.add("VM " + e.getKey() + " over capacity at t=" + u.time() + ": " + cores + " cores, "
                            + mem + " GB in use of " + vm.cores() + " cores, " + vm.memoryGb() + " GB");
                    break;
                }
            }
        }
        return errors;
    }
}
