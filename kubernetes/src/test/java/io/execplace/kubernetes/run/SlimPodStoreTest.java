package io.execplace.kubernetes.run;

import io.execplace.kubernetes.cluster.Resources;
import io.execplace.kubernetes.scenario.SparkExecutorPods;
import io.execplace.kubernetes.scenario.TestObjects;
import io.execplace.kubernetes.spark.PodFacts;
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

    @Test
    void factsAreReadOncePerVersionAndFollowEveryPutAndRemove() {
        SlimPodStore store = new SlimPodStore("execplace");
        Pod bound = SparkExecutorPods.running("spark", "app", 1, "n1");
        Pod pending = new io.fabric8.kubernetes.api.model.PodBuilder(SparkExecutorPods.running("spark", "app", 2, "n1"))
                .editSpec().withNodeName(null).endSpec().editMetadata().withUid("uid-2").endMetadata().withStatus(null).build();
        store.put("spark/app-exec-1", bound);
        store.put("spark/app-exec-2", pending);
        PodFacts f1 = factsOf(store, "spark/app-exec-1");
        PodFacts f2 = factsOf(store, "spark/app-exec-2");
        assertThat(f1.pod()).isSameAs(store.get("spark/app-exec-1"));
        assertThat(f1.bound()).isTrue();
        assertThat(f1.node()).isEqualTo("n1");
        assertThat(f1.unbound()).isFalse();
        assertThat(f1.executor()).isTrue();
        String app = "spark/" + bound.getMetadata().getLabels().get("spark-app-selector");
        assertThat(f1.applicationKey()).isEqualTo(app).isSameAs(f2.applicationKey());
        assertThat(f1.gangKey()).isEqualTo(app);
        assertThat(f1.scheduledBy("execplace")).isTrue();
        assertThat(f1.cpuMillis()).isEqualTo(Resources.podCpuMillis(bound));
        assertThat(f1.memoryBytes()).isEqualTo(Resources.podMemoryBytes(bound));
        assertThat(f2.bound()).isFalse();
        assertThat(f2.unbound()).isTrue();
        assertThat(store.facts()).containsExactlyInAnyOrder(f1, f2);

        // a new version: new facts; the pod deleted and made again under its name: the old uid is gone
        Pod deleting = new io.fabric8.kubernetes.api.model.PodBuilder(pending).editMetadata().withResourceVersion("99")
                .withDeletionTimestamp("2026-11-27T00:00:00Z").endMetadata().build();
        store.put("spark/app-exec-2", deleting);
        assertThat(factsOf(store, "spark/app-exec-2")).isNotSameAs(f2).satisfies(f -> assertThat(f.unbound()).as("being deleted").isFalse());
        store.put("spark/app-exec-2", new io.fabric8.kubernetes.api.model.PodBuilder(pending).editMetadata().withUid("uid-3")
                .endMetadata().build());
        assertThat(factsOf(store, "spark/app-exec-2").uid()).isEqualTo("uid-3");
        assertThat(store.facts()).hasSize(2);
        store.remove("spark/app-exec-2");
        assertThat(factsOf(store, "spark/app-exec-2")).isNull();
        assertThat(store.facts()).containsExactly(f1);
    }

    @Test
    void aDriverAndALonePodAreTheirOwnGangs() {
        Pod driver = new io.fabric8.kubernetes.api.model.PodBuilder(SparkExecutorPods.running("spark", "app", 1, "n1"))
                .editMetadata().withName("app-driver").addToLabels("spark-role", "driver").endMetadata().build();
        PodFacts f = PodFacts.of(driver);
        assertThat(f.driver()).isTrue();
        assertThat(f.executor()).isFalse();
        assertThat(f.applicationKey()).isEqualTo("spark/" + driver.getMetadata().getLabels().get("spark-app-selector"));
        assertThat(f.gangKey()).isEqualTo("spark/app-driver");
        Pod lone = new io.fabric8.kubernetes.api.model.PodBuilder(driver).editMetadata().withName("web").withLabels(java.util.Map.of())
                .endMetadata().build();
        assertThat(PodFacts.of(lone).applicationKey()).isNull();
        assertThat(PodFacts.of(lone).gangKey()).isEqualTo("spark/web");
        assertThat(PodFacts.of(lone).otherRequests()).isEmpty();
    }

    /** The facts the store holds for the pod stored under {@code key}, or null. */
    private static PodFacts factsOf(SlimPodStore store, String key) {
        Pod pod = store.get(key);
        return store.facts().stream().filter(f -> f.pod() == pod).findFirst().orElse(null);
    }
}
