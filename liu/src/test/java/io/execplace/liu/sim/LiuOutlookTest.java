package io.execplace.liu.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.execplace.liu.model.ArrivalPattern;
import io.execplace.liu.model.ExecutorClusters;
import io.execplace.liu.model.LiuApp;
import io.execplace.liu.model.LiuWorkloadGenerator;
import io.execplace.liu.model.LiuWorkloadSpec;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link LiuSimulation#outlook} against the simulation itself: when the application dispatched is
 * the last one there will ever be, the outlooks of all clusters (the chosen one with it, the others
 * without) must add up to exactly the misses the episode then still has, and the candidate's ratio
 * must be its delay result.
 */
class LiuOutlookTest {

    private static final ExecutorClusters THREE = new ExecutorClusters("three", new int[] {150, 300, 500});

    @Test
    void theOutlookOfTheLastDispatchIsWhatHappens() {
        int checked = 0;
        for (long seed = 1; seed <= 3; seed++) {
            List<LiuApp> w = LiuWorkloadGenerator.generate(
                    LiuWorkloadSpec.standard(ArrivalPattern.uniformPattern()).withApps(40), seed);
            // The decisions of a simple manager: earliest application, clusters in turn.
            List<int[]> decisions = new ArrayList<>();
            LiuSimulation sim = new LiuSimulation(THREE);
            sim.reset(w);
            while (sim.decisionPending()) {
                int cluster = decisions.size() % THREE.count();
                decisions.add(new int[] {sim.now(), cluster});
                sim.dispatch(0, cluster);
            }
            for (int d = 0; d < decisions.size(); d++) {
                int t = decisions.get(d)[0];
                // Only the applications that have arrived by the decision: then nothing is dispatched after it.
                List<LiuApp> prefix = w.stream().filter(a -> a.arrival() <= t).toList();
                LiuSimulation probe = replay(prefix, decisions, d);
                if (probe.waitingCount() != 1) {
                    continue;
                }
                LiuApp last = probe.waiting(0);
                for (int c = 0; c < THREE.count(); c++) {
                    LiuSimulation s = replay(prefix, decisions, d);
                    int expected = s.missedDeadlines();
                    Outlook chosen = null;
                    for (int k = 0; k < THREE.count(); k++) {
                        Outlook o = s.outlook(k, k == c ? last : null);
                        expected += o.misses();
                        if (k == c) {
                            chosen = o;
                        }
                    }
                    s.dispatch(0, c);
                    assertThat(s.decisionPending()).isFalse();
                    LiuEpisode e = s.episode();
                    assertThat(e.totalMissed()).as("seed %d decision %d cluster %d", seed, d, c).isEqualTo(expected);
                    assertThat(chosen.candidateMisses()).isEqualTo(e.app(last.id()).missed());
                    assertThat(chosen.candidateRatio()).isCloseTo(e.app(last.id()).delayResult(), within(1e-12));
                    checked++;
                }
            }
        }
        assertThat(checked).isGreaterThan(30);
    }

    @Test
    void anOutlookChangesNothing() {
        List<LiuApp> w = LiuWorkloadGenerator.generate(LiuWorkloadSpec.standard(ArrivalPattern.uniformPattern()).withApps(40), 7);
        LiuSimulation a = new LiuSimulation(THREE);
        LiuSimulation b = new LiuSimulation(THREE);
        a.reset(w);
        b.reset(w);
        while (a.decisionPending()) {
            for (int k = 0; k < THREE.count(); k++) {
                a.outlook(k, a.waiting(0));
            }
            a.dispatch(0, a.now() % THREE.count());
            b.dispatch(0, b.now() % THREE.count());
        }
        assertThat(a.episode().totalMissed()).isEqualTo(b.episode().totalMissed());
        assertThat(a.episode().ajdr()).isEqualTo(b.episode().ajdr());
        assertThat(a.episode().length()).isEqualTo(b.episode().length());
    }

    private static LiuSimulation replay(List<LiuApp> workload, List<int[]> decisions, int upTo) {
        LiuSimulation s = new LiuSimulation(THREE);
        s.reset(workload);
        for (int d = 0; d < upTo; d++) {
            s.dispatch(0, decisions.get(d)[1]);
        }
        assertThat(s.decisionPending()).isTrue();
        return s;
    }
}
