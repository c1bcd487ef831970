package io.execplace.core.progress;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The shared count of several workers and the spreading of an engine's finished cells into units. */
class ProgressListenerTest {

    private final List<String> told = new ArrayList<>();
    private final ProgressListener recording = (done, total, what) -> told.add(done + "/" + total + " " + what);

    @Test
    void countingMakesEveryWorkerCallOneUnitOfTheWhole() {
        ProgressListener shared = recording.counting(5);

        shared.advanced(1, 2, null);
        shared.advanced(1, 3, "eval");
        shared.advanced(2, 2, null);

        assertThat(told).containsExactly("1/5 null", "2/5 eval", "3/5 null");
    }

    @Test
    void spreadingTellsEachUnitOnceAsCellsFinish() {
        ProgressListener engine = recording.spreading(10);

        engine.advanced(1, 4, "cell a"); // 10 * 1 / 4 = 2 units
        engine.advanced(2, 4, null);     // 5
        engine.advanced(2, 4, null);     // nothing new
        engine.advanced(4, 4, null);     // 10

        assertThat(told).containsExactly("1/10 null", "2/10 null", "3/10 null", "4/10 null", "5/10 null",
                "6/10 null", "7/10 null", "8/10 null", "9/10 null", "10/10 null");
    }
}
