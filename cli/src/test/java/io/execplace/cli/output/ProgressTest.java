package io.execplace.cli.output;

import io.execplace.core.progress.ProgressListener;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;

import static org.assertj.core.api.Assertions.assertThat;

class ProgressTest {

    @Test
    void timedLinesPrintEachLineAfterTheSecondsSoFar() {
        StringWriter text = new StringWriter();
        ProgressListener lines = Progress.timedLines(new PrintWriter(text), false);
        lines.advanced(1, 2, "uniform: stage 1 done");
        lines.advanced(2, 2, "uniform: stage 2 done");
        String[] printed = text.toString().split(System.lineSeparator());
        assertThat(printed).hasSize(2);
        assertThat(printed[0]).matches("  \\[ {0,4}\\d+ s] uniform: stage 1 done");
        assertThat(printed[1]).matches("  \\[ {0,4}\\d+ s] uniform: stage 2 done");
    }

    @Test
    void timedLinesPrintNothingWhenQuiet() {
        StringWriter text = new StringWriter();
        Progress.timedLines(new PrintWriter(text), true).advanced(1, 1, "done");
        assertThat(text.toString()).isEmpty();
    }
}
