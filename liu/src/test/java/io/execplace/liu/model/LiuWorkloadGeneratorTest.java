package io.execplace.liu.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.execplace.core.io.InputFileException;
import java.util.List;
import org.junit.jupiter.api.Test;

class LiuWorkloadGeneratorTest {

    @Test
    void sameSeedSameWorkloadAndCategoriesInThePapersProportions() {
        LiuWorkloadSpec spec = LiuWorkloadSpec.standard(ArrivalPattern.uniformPattern()).withApps(20_000);
        List<LiuApp> a = LiuWorkloadGenerator.generate(spec, 3);
        assertThat(LiuWorkloadGenerator.generate(spec, 3)).isEqualTo(a);
        assertThat(LiuWorkloadGenerator.generate(spec, 4)).isNotEqualTo(a);
        assertThat(a).hasSize(20_000);
        long regular = a.stream().filter(x -> x.category() == AppCategory.REGULAR).count();
        long streaming = a.stream().filter(x -> x.category() == AppCategory.STREAMING).count();
        assertThat(regular / 20_000.0).isCloseTo(0.5, within(0.015));
        assertThat(streaming / 20_000.0).isCloseTo(0.25, within(0.015));
        for (int i = 1; i < a.size(); i++) {
            assertThat(a.get(i).arrival()).isGreaterThanOrEqualTo(a.get(i - 1).arrival());
        }
    }

    @Test
    void applicationsRespectTheirSizesAndStreamingDemandsFollowTheirBins() {
        AppSizes s = AppSizes.standard();
        for (LiuApp app : LiuWorkloadGenerator.generate(LiuWorkloadSpec.standard(ArrivalPattern.betaPattern()), 9)) {
            assertThat(app.demand()).isBetween(s.demand().min(), s.demand().max());
            assertThat(app.occupation()).isBetween(s.occupation().min(), s.occupation().max());
            double binSum = 0;
            for (int k = 0; k < LiuApp.BINS; k++) {
                binSum += app.bin(k);
            }
            assertThat(binSum).isCloseTo(1, within(1e-12));
            switch (app.category()) {
                case REGULAR -> assertThat(app.deadline()).isZero();
                case TIME_CRITICAL -> assertThat(app.deadline()).isBetween(app.occupation(), 2 * app.occupation());
                case STREAMING -> {
                    assertThat(app.runs()).isBetween(s.batches().min(), s.batches().max());
                    assertThat(app.deadline()).isBetween(app.occupation(), app.period());
                    for (int r = 0; r < app.runs(); r++) {
                        assertThat(app.runDemand(r)).isBetween((int) Math.round(0.6 * app.demand()),
                                (int) Math.round(1.5 * app.demand()));
                    }
                }
            }
        }
    }

    @Test
    void easedAndStressedScaleDemands() {
        LiuWorkloadSpec spec = LiuWorkloadSpec.standard(ArrivalPattern.uniformPattern());
        double base = meanDemand(LiuWorkloadGenerator.generate(spec, 1));
        double eased = meanDemand(LiuWorkloadGenerator.generate(spec.withDemandScale(LiuWorkloadSpec.EASED), 1));
        double stressed = meanDemand(LiuWorkloadGenerator.generate(spec.withDemandScale(LiuWorkloadSpec.STRESSED), 1));
        assertThat(eased / base).isCloseTo(LiuWorkloadSpec.EASED, within(0.01));
        assertThat(stressed / base).isCloseTo(LiuWorkloadSpec.STRESSED, within(0.01));
    }

    private static double meanDemand(List<LiuApp> apps) {
        return apps.stream().mapToInt(LiuApp::demand).average().orElseThrow();
    }

    @Test
    void clusterSetsFromThePresetAndFromYaml() {
        assertThat(ExecutorClusters.liu().slots()).containsExactly(500, 800, 1200, 1300, 1900);
        ExecutorClusters c = ExecutorClusters.parse("name: two\nclusters: [10, 20]\n", "two.yaml");
        assertThat(c.name()).isEqualTo("two");
        assertThat(c.slots()).containsExactly(10, 20);
        assertThatThrownBy(() -> ExecutorClusters.parse("clusters: [10, -2]\n", "bad.yaml"))
                .isInstanceOf(InputFileException.class)
                .hasMessage("bad.yaml field 'clusters[1]': expected a whole number of executors in 1..10000000, got -2");
        assertThatThrownBy(() -> ExecutorClusters.parse("name: x\n", "empty.yaml"))
                .hasMessageContaining("empty.yaml field 'clusters'");
        assertThatThrownBy(() -> ExecutorClusters.parse("clusters: [1, 2\n", "broken.yaml"))
                .hasMessageStartingWith("broken.yaml: not valid YAML");
    }
}
