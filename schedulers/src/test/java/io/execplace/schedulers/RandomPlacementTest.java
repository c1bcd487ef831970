package io.execplace.schedulers;

import io.execplace.schedulers.heuristics.RandomPlacement;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.sim.ClusterState;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static io.execplace.schedulers.Fixtures.cloud;
import static io.execplace.schedulers.Fixtures.job;
import static org.assertj.core.api.Assertions.assertThat;

class RandomPlacementTest {

    /** V0 4c/16GB, V1 8c/32GB, V2 12c/48GB. */
    private final Cluster cluster = cloud(cloud(cloud(Fixtures.cluster("a"), 4, 16, 1), 8, 32, 2), 12, 48, 3).build();

    private List<Placement> draws(long seed, int count) {
        RandomPlacement policy = new RandomPlacement(seed);
        ClusterState state = Fixtures.empty(cluster);
        Job job = job(1, 3, 2, 2);
        List<Placement> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            out.add(policy.place(job, state));
        }
        return out;
    }

    @Test
    void sameSeedSamePlacements() {
        assertThat(draws(42, 30)).isEqualTo(draws(42, 30));
        assertThat(draws(42, 30)).isNotEqualTo(draws(43, 30));
    }

    @Test
    void everyPlacementIsValidAndEveryVmWithRoomGetsChosen() {
        ClusterState state = Fixtures.empty(cluster);
        Set<Integer> used = new HashSet<>();
        for (Placement p : draws(5, 200)) {
            assertThat(state.validate(job(1, 3, 2, 2), p)).isNull();
            for (int vm : p.toArray()) {
                used.add(vm);
            }
        }
        assertThat(used).containsExactlyInAnyOrder(0, 1, 2);
    }

    @Test
    void fullVmsAreNeverDrawn() {
        ClusterState state = Fixtures.empty(cluster);
        Fixtures.run(state, job(9, 1, 12, 8), 100, 2); // V2 full
        RandomPlacement policy = new RandomPlacement(3);
        for (int i = 0; i < 50; i++) {
            Placement p = policy.place(job(1, 3, 4, 4), state); // room: V0 1, V1 2 -> exactly those
            assertThat(p.toArray()).containsExactlyInAnyOrder(0, 1, 1);
        }
    }

    @Test
    void noneWhenItRunsOutOfRoom() {
        assertThat(new RandomPlacement(1).place(job(1, 7, 4, 4), Fixtures.empty(cluster)).isNone()).isTrue();
    }
}
