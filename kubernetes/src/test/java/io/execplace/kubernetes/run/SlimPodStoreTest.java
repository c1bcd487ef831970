package io.execplace.kubernetes.run;

import io.execplace.kubernetes.cluster.Resources;
import io.execplace.kubernetes.scenario.SparkExecutorPods;
import io.execplace.kubernetes.scenario.TestObjects;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.utils.Serialization;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The slim pods the informer keeps hold everything scheduling reads, and little else. */
class SlimPodStoreTest {

    @Test
    void keepsWhatSchedulingReads() {
        Pod full = new io.fabric8.kubernetes.api.model.PodBuilder(SparkExecutorPods.running("spark", "app", 3, "n7"))
                .editSpec().withPriority(100).withNodeSelector(java.util.Map.of("pool", "spark"))
                .editFirstContainer().editResources().addToRequests("nvidia.com/gpu", new io.fabric8.kubernetes.api.model.Quantity("1"))
                .endResources().endContainer().endSpec()
                .editMetadata().addToAnnotations("yunikorn.apache.org/task-group-name", "spark-executor")
                .addToAnnotations("unrelated.example.com/x", "y").endMetadata().build();
        Pod slim = SlimPodStore.slim(full);
        assertThat(slim.getMetadata().getName()).isEqualTo(full.getMetadata().getName());
        assertThat(slim.getMetadata().getUid()).isEqualTo(full.getMetadata().getUid());
        assertThat(slim.getMetadata().getResourceVersion()).isEqualTo(full.getMetadata().getResourceVersion());
        assertThat(slim.getMetadata().getLabels()).containsOnlyKeys("spark-app-selector", "spark-role", "spark-exec-id")
                .containsEntry("spark-exec-id", "3");
        assertThat(slim.getMetadata().getAnnotations()).containsOnlyKeys("execplace.io/expected-duration-seconds",
                "yunikorn.apache.org/task-group-name");
        assertThat(slim.getMetadata().getOwnerReferences()).as("only a DaemonSet owner matters").isEmpty();
        assertThat(Resources.podCpuMillis(slim)).isEqualTo(Resources.podCpuMillis(full));
        assertThat(Resources.podMemoryBytes(slim)).isEqualTo(Resources.podMemoryBytes(full));
        assertThat(Resources.podOtherRequests(slim)).isEqualTo(Resources.podOtherRequests(full)).containsKey("nvidia.com/gpu");
        assertThat(slim.getSpec().getNodeName()).isEqualTo("n7");
        assertThat(slim.getSpec().getSchedulerName()).isEqualTo("execplace");
        assertThat(slim.getSpec().getTolerations()).isEqualTo(full.getSpec().getTolerations());
        assertThat(slim.getSpec().getNodeSelector()).isEqualTo(full.getSpec().getNodeSelector());
        assertThat(slim.getSpec().getPriority()).isEqualTo(100);
        assertThat(slim.getStatus().getPhase()).isEqualTo("Running");
        assertThat(slim.getStatus().getStartTime()).isEqualTo(full.getStatus().getStartTime());
        assertThat(slim.getStatus().getConditions()).singleElement().satisfies(c -> assertThat(c.getType()).isEqualTo("PodScheduled"));
        // What it drops: environment, volumes, mounts, images, container statuses, managed fields.
        assertThat(slim.getSpec().getContainers().get(0).getEnv()).isEmpty();
        assertThat(slim.getSpec().getVolumes()).isEmpty();
        assertThat(slim.getStatus().getContainerStatuses()).isEmpty();
        assertThat(slim.getMetadata().getManagedFields()).isEmpty();
        assertThat(Serialization.asJson(slim).length()).isLessThan(Serialization.asJson(full).length() / 2);
    }

    @Test
    void executorsOfOneApplicationShareTheirRequestsAndTolerations() {
        Pod a = SlimPodStore.slim(SparkExecutorPods.running("spark", "app", 1, "n1"));
        Pod b = SlimPodStore.slim(SparkExecutorPods.running("spark", "app", 2, "n2"));
        assertThat(a.getSpec().getContainers().get(0).getResources()).isSameAs(b.getSpec().getContainers().get(0).getResources());
        assertThat(a.getSpec().getTolerations()).isSameAs(b.getSpec().getTolerations());
    }

    @Test
    void aDaemonSetOwnerAndALimitOnlyResourceAreKept() {
        Pod p = TestObjects.executor("ns", "a", 1, "1", "1Gi", "execplace").editMetadata().addNewOwnerReference()
                .withKind("DaemonSet").withName("ds").endOwnerReference().endMetadata()
                .editSpec().editFirstContainer().editResources().addToLimits("cpu", new io.fabric8.kubernetes.api.model.Quantity("3"))
                .removeFromRequests("cpu").endResources().endContainer().endSpec().build();
        Pod slim = SlimPodStore.slim(p);
        assertThat(slim.getMetadata().getOwnerReferences()).singleElement().satisfies(o -> assertThat(o.getKind()).isEqualTo("DaemonSet"));
        assertThat(Resources.podCpuMillis(slim)).isEqualTo(3000).isEqualTo(Resources.podCpuMillis(p));
    }

    @Test
    void aPlainPodSurvivesUnchangedWhereItMatters() {
        Pod p = TestObjects.executor("ns", "a", 1, "500m", "1Gi", "execplace").build();
        Pod slim = SlimPodStore.slim(p);
        assertThat(Resources.podCpuMillis(slim)).isEqualTo(500);
        assertThat(slim.getStatus()).isNull();
    }
}
