package io.execplace.kubernetes;

import io.execplace.kubernetes.cluster.Resources;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Pod requests counted as Kubernetes counts them. */
class ResourcesTest {

    @Test
    void sumsContainersTakesTheLargestInitContainerAddsOverheadAndFallsBackToLimits() {
        Pod pod = new PodBuilder().withNewMetadata().withName("p").endMetadata().withNewSpec()
                .addNewContainer().withName("a").withNewResources()
                .addToRequests("cpu", new Quantity("1500m")).addToRequests("memory", new Quantity("1Gi")).endResources().endContainer()
                .addNewContainer().withName("b").withNewResources()
                .addToLimits("cpu", new Quantity("250m")).addToLimits("memory", new Quantity("512Mi")).endResources().endContainer()
                .addNewInitContainer().withName("init").withNewResources()
                .addToRequests("cpu", new Quantity("3")).addToRequests("memory", new Quantity("100Mi")).endResources().endInitContainer()
                .addToOverhead("cpu", new Quantity("100m")).addToOverhead("memory", new Quantity("64Mi"))
                .endSpec().build();
        // cpu: max(1500 + 250, 3000) + 100; memory: max(1 GiB + 512 MiB, 100 MiB) + 64 MiB
        assertThat(Resources.podCpuMillis(pod)).isEqualTo(3100);
        assertThat(Resources.podMemoryBytes(pod)).isEqualTo((1024L + 512 + 64) * 1024 * 1024);
        assertThat(Resources.cpuMillis(new Quantity("0.0005"))).as("rounded up").isEqualTo(1);
        assertThat(Resources.memoryBytes(new Quantity("4G"))).isEqualTo(4_000_000_000L);
    }
}
