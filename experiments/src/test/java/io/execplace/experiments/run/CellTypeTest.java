package io.execplace.experiments.run;

import io.execplace.core.progress.ProgressListener;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class CellTypeTest {

    /** Squares a number given as text. */
    private enum Square implements CellKind {
        SQUARE;

        @Override
        public String run(String cell) {
            long n = Long.parseLong(cell);
            return Long.toString(n * n);
        }
    }

    /** Squares numbers, recording in {@code forms} which form ran, so the test tells the local case from the text one. */
    private static CellType<Long, String> squares(List<String> forms) {
        return CellType.of(Square.SQUARE, n -> Long.toString(n),
                (n, text) -> {
                    forms.add("text");
                    return n + "^2=" + text;
                },
                (n, progress) -> {
                    forms.add("here");
                    progress.advanced(1, 1, "cell " + n);
                    return n + "^2=" + (n * n);
                });
    }

    @Test
    void theLocalCaseRunsObjectsAndOtherEnginesTheTextFormsWithTheSameResultsInOrder() throws IOException {
        List<Long> cells = List.of(3L, 1L, 4L, 1L, 5L);
        List<String> told = Collections.synchronizedList(new ArrayList<>());
        ProgressListener progress = (done, total, what) -> told.add(what);

        List<String> local = Collections.synchronizedList(new ArrayList<>());
        List<String> here = CellEngine.local(2).run(squares(local), cells, progress);
        List<String> text = Collections.synchronizedList(new ArrayList<>());
        List<String> elsewhere = new InProcessEngine(2).run(squares(text), cells, progress);

        assertThat(here).containsExactly("3^2=9", "1^2=1", "4^2=16", "1^2=1", "5^2=25");
        assertThat(elsewhere).isEqualTo(here);
        assertThat(local).containsOnly("here").hasSize(5);
        assertThat(text).containsOnly("text").hasSize(5);
        // Each local cell told its own progress; the text engine told finished cells without a name.
        assertThat(told.stream().filter(w -> w != null)).hasSize(5);
        assertThat(told.stream().filter(w -> w == null)).hasSize(5);
        assertThat(CellEngine.local(1).name()).isEqualTo(InProcessEngine.NAME);
    }
}
