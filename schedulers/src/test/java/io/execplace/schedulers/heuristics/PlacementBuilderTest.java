package io.execplace.schedulers.heuristics;


import io.execplace.core.model.Cluster;
import io.execplace.core.model.Site;
import io.execplace.core.sim.ClusterState;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import io.execplace.schedulers.Fixtures;

import static io.execplace.schedulers.Fixtures.job;
import static org.assertj.core.api.Assertions.assertThat;

class PlacementBuilderTest {

    @Test
    void sortOrderMatchesAComparatorOnPrimarySecondaryAndId() {
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(9);
        for (int n : new int[]{1, 2, 5, 16, 17, 40, 180}) {
            Cluster c = Cluster.builder("n" + n).add(Fixtures.shape(4, 8), Site.CLOUD, n, 1).build();
            PlacementBuilder b = new PlacementBuilder();
            b.begin(job(1, 1, 1, 1), Fixtures.empty(c));
            double[] p = new double[n];
            double[] s = new double[n];
            List<Integer> expected = new ArrayList<>();
            int[] order = b.order();
            for (int vm = 0; vm < n; vm++) {
                p[vm] = rng.nextInt(4);   // few distinct values, so ties are common
                s[vm] = rng.nextInt(3);
                b.keys(vm, p[vm], s[vm]);
                order[n - 1 - vm] = vm;   // start reversed
                expected.add(vm);
            }
            expected.sort(Comparator.<Integer>comparingDouble(vm -> p[vm])
                    .thenComparingDouble(vm -> s[vm]).thenComparingInt(vm -> vm));
            b.sortOrder(n);
            for (int i = 0; i < n; i++) {
                assertThat(order[i]).as("n=" + n + " position " + i).isEqualTo(expected.get(i));
            }
        }
    }

    @Test
    void workingCopyShrinksAndPartialAssignmentsAreNeverReturned() {
        Cluster c = Cluster.builder("two").add(Fixtures.shape(4, 8), Site.CLOUD, 2, 1).build();
        ClusterState state = Fixtures.empty(c);
        PlacementBuilder b = new PlacementBuilder();
        b.begin(job(1, 5, 2, 3), state);
        assertThat(b.room(0)).isEqualTo(2);
        assertThat(b.fill(0)).isEqualTo(2);
        assertThat(b.room(0)).isZero();
        assertThat(b.placeOne(0)).isFalse();
        assertThat(b.fill(1)).isEqualTo(2);
        assertThat(b.remaining()).isEqualTo(1);
        assertThat(b.build().isNone()).isTrue();
        // The view itself was only read.
        assertThat(state.freeCores(0)).isEqualTo(4);
    }
}
