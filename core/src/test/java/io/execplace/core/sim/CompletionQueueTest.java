package io.execplace.core.sim;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/** The completion queue pops by finish (ties by job index) and lists its jobs by index, through adds, pops, removals and copies. */
class CompletionQueueTest {

    @Test
    void popsByFinishAndListsByIndexWhateverWasDone() {
        Random random = new Random(7);
        CompletionQueue queue = new CompletionQueue();
        List<double[]> held = new ArrayList<>(); // {job, finish}
        int next = 0;
        for (int step = 0; step < 5_000; step++) {
            int op = random.nextInt(10);
            if (op < 5 || held.isEmpty()) {
                // Jobs come in any index order: a stopped job starts again after later ones.
                int j = random.nextInt(4) == 0 && next > 0 ? random.nextInt(next) : next++;
                if (contains(held, j)) {
                    continue;
                }
                double finish = random.nextInt(50);
                queue.add(j, finish);
                held.add(new double[] {j, finish});
            } else if (op < 8) {
                held.sort(Comparator.<double[]>comparingDouble(h -> h[1]).thenComparingDouble(h -> h[0]));
                assertThat(queue.poll()).isEqualTo((int) held.remove(0)[0]);
            } else if (op < 9) {
                int j = (int) held.remove(random.nextInt(held.size()))[0];
                queue.remove(j);
            } else {
                CompletionQueue copy = new CompletionQueue();
                copy.copyFrom(queue);
                queue = copy;
            }
            assertThat(queue.size()).isEqualTo(held.size());
            List<Integer> byIndex = new ArrayList<>();
            for (int i = 0; i < queue.size(); i++) {
                byIndex.add(queue.jobInOrder(i));
            }
            assertThat(byIndex).isEqualTo(held.stream().map(h -> (int) h[0]).sorted().toList());
        }
    }

    private static boolean contains(List<double[]> held, int j) {
        return held.stream().anyMatch(h -> h[0] == j);
    }
}
