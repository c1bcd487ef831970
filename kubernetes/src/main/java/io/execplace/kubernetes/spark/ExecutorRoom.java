package io.execplace.kubernetes.spark;

import com.fasterxml.jackson.databind.JsonNode;
import io.execplace.kubernetes.cluster.Labels;
import io.execplace.kubernetes.cluster.Resources;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.utils.Serialization;

import java.util.List;

/**
 * Room to hold for executors that do not exist yet. Under {@code --driver-gang}, the executors a
 * driver is placed with: the driver goes only where these fit beside it, and their room is held
 * until they exist (the deadlock where drivers fill the cluster and no executor fits). Under
 * {@code --bind-early}, the executors an application still waits for: its first ones are bound as
 * they come, once the whole gang has room. Read from the driver: the gang size of its {@link GangRule} (the
 * minimum gang when there is one), and each executor's requests from {@code execplace.io/executor-cpu}
 * and {@code execplace.io/executor-memory}, else from the {@code minResource} of the executors' task
 * group in YuniKorn's {@code yunikorn.apache.org/task-groups} (the group that is not the driver's).
 *
 * @param appKey      {@code namespace/application} of the executors
 * @param executors   how many executors' room to hold
 * @param cpuMillis   CPU request of each
 * @param memoryBytes memory request of each
 * @param timeout     seconds after which the room is given up if the executors have not come (NaN: the scheduler's default)
 * @param driverUid   the driver's uid: the room is held while the driver is placed
 */
public record ExecutorRoom(String appKey, int executors, long cpuMillis, long memoryBytes, double timeout, String driverUid) {

    /**
     * The room a driver asks for, or null when it does not say how many executors or how large
     * (then it is placed alone, as without {@code --driver-gang}; a malformed size is reported).
     */
    static ExecutorRoom of(Pod driver, String appKey, List<Grouping.PodProblem> problems) {
        GangRule rule = GangRule.of(driver, null, problems);
        JsonNode group = yunikornExecutorGroup(driver);
        int count = rule.needed();
        if (count < 1 && group != null) {
            count = group.path("minMember").asInt(0);
        }
        if (count < 1) {
            return null;
        }
        String cpu = ApplicationGrouper.annotation(driver, Labels.EXECUTOR_CPU);
        String memory = ApplicationGrouper.annotation(driver, Labels.EXECUTOR_MEMORY);
        long cpuMillis = -1;
        long memoryBytes = -1;
        if (cpu != null || memory != null) {
            cpuMillis = quantity(driver, Labels.EXECUTOR_CPU, cpu, true, problems);
            memoryBytes = quantity(driver, Labels.EXECUTOR_MEMORY, memory, false, problems);
        } else {
            if (group != null) {
                cpuMillis = quantity(driver, GangRule.YUNIKORN_TASK_GROUPS, group.path("minResource").path("cpu").asText(null), true,
                        problems);
                memoryBytes = quantity(driver, GangRule.YUNIKORN_TASK_GROUPS, group.path("minResource").path("memory").asText(null),
                        false, problems);
            }
        }
        if (cpuMillis < 0 || memoryBytes < 0) {
            if (cpu == null && memory == null) {
                problems.add(new Grouping.PodProblem(driver, "--driver-gang: the driver says how many executors it starts but not "
                        + "their size (annotations " + Labels.EXECUTOR_CPU + " and " + Labels.EXECUTOR_MEMORY
                        + ", or minResource in " + GangRule.YUNIKORN_TASK_GROUPS + "); placed alone"));
            }
            return null;
        }
        return new ExecutorRoom(appKey, count, cpuMillis, memoryBytes, rule.timeout(), driver.getMetadata().getUid());
    }

    /** A quantity of at least one unit, or -1 (reported) when absent or malformed. */
    private static long quantity(Pod driver, String name, String text, boolean cpu, List<Grouping.PodProblem> problems) {
        if (text != null && !text.isBlank()) {
            try {
                Quantity q = new Quantity(text.trim());
                long v = cpu ? Resources.cpuMillis(q) : Resources.memoryBytes(q);
                if (v > 0) {
                    return v;
                }
            } catch (RuntimeException e) {
                // reported below
            }
        }
        problems.add(new Grouping.PodProblem(driver, "annotation " + name + ": each executor's " + (cpu ? "CPU" : "memory")
                + " must be a quantity > 0 such as " + (cpu ? "1 or 500m" : "2Gi") + ", got '" + text + "'; the driver is placed alone"));
        return -1;
    }

    /** The executors' task group in YuniKorn's annotation: the one not named by the driver's task-group-name. */
    private static JsonNode yunikornExecutorGroup(Pod driver) {
        String json = ApplicationGrouper.annotation(driver, GangRule.YUNIKORN_TASK_GROUPS);
        if (json == null) {
            return null;
        }
        String driverGroup = ApplicationGrouper.annotation(driver, GangRule.YUNIKORN_TASK_GROUP_NAME);
        try {
            JsonNode groups = Serialization.jsonMapper().readTree(json);
            if (groups.isArray()) {
                for (JsonNode g : groups) {
                    if (!g.path("name").asText("").equals(driverGroup) && g.has("minResource")) {
                        return g;
                    }
                }
            }
        } catch (Exception e) {
            // GangRule reports a malformed annotation
        }
        return null;
    }

    /**
     * The driver's pod as its executors would be (Spark gives both the same node selector and
     * tolerations), labelled {@code spark-role: executor}, so that filters for drivers alone (drivers
     * off spot) do not apply to the executors' room.
     */
    public static Pod executorLike(Pod driver) {
        return new io.fabric8.kubernetes.api.model.PodBuilder(driver).editMetadata()
                .addToLabels(Labels.SPARK_ROLE, "executor").endMetadata().build();
    }
}
