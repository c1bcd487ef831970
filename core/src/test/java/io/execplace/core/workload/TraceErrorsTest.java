package io.execplace.core.workload;

import io.execplace.core.io.InputFileException;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TraceErrorsTest {

    private static final String HEADER = "job,type,arrival,cores,memoryGb,executors,baseDuration,deadline\n";
    private static final String GOOD = "0,sort,0,1,2,3,30,\n";

    @TempDir
    Path dir;

    private InputFileException readError(String name, String content, TraceFormat format) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, content);
        return catchThrowableOfType(InputFileException.class,
                () -> Traces.read(file, format, TraceReadOptions.defaults()));
    }

    @Test
    void csvBadWholeNumberNamesFileLineAndField() throws IOException {
        // Line 7: header, four jobs, a blank line (still counted), then the bad one.
        String content = HEADER + GOOD + "1,sort,0,1,2,3,30,\n2,sort,0,1,2,3,30,\n3,sort,0,1,2,3,30,\n\n"
                + "4,sort,0,x,2,3,30,\n";
        InputFileException e = readError("trace.csv", content, null);
        assertThat(e.getMessage()).isEqualTo(dir.resolve("trace.csv") + " line 7, field 'cores': "
                + "expected a whole number >= 1, got 'x'");
        assertThat(e.file()).isEqualTo(dir.resolve("trace.csv").toString());
        assertThat(e.line()).isEqualTo(7);
        assertThat(e.field()).isEqualTo("cores");
        assertThat(e.problem()).isEqualTo("expected a whole number >= 1, got 'x'");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "0,sort,0,1.5,2,3,30,        | cores        | expected a whole number >= 1, got '1.5'",
        "0,sort,0,0,2,3,30,          | cores        | expected a whole number >= 1, got '0'",
        "0,sort,-1,1,2,3,30,         | arrival      | expected a number >= 0, got '-1'",
        "0,sort,NaN,1,2,3,30,        | arrival      | expected a number >= 0, got 'NaN'",
        "0,sort,Infinity,1,2,3,30,   | arrival      | expected a number >= 0, got 'Infinity'",
        "0,sort,0,1,0,3,30,          | memoryGb     | expected a number > 0, got '0'",
        "0,sort,0,1,2,3,-30,         | baseDuration | expected a number > 0, got '-30'",
        "0,sort,0,1,2,3,30,abc       | deadline     | expected a number >= 0, got 'abc'",
        "0,sort,50,1,2,3,30,20       | deadline     | deadline 20 is before the arrival time 50",
        "0,grep,0,1,2,3,30,          | type         | expected wordcount, sort, pagerank or generic, got 'grep'",
        "-3,sort,0,1,2,3,30,         | job          | expected a whole number >= 0, got '-3'",
        "0,sort,1e300,1,2,3,30,      | arrival      | too large: at most 10000000000 s (about 317 years; later times would lose the precision the simulated clock needs), got '1e300'",
        "0,sort,0,1,2,3,1e11,        | baseDuration | too large: at most 10000000000 s (about 317 years; later times would lose the precision the simulated clock needs), got '1e11'",
    })
    void csvFieldProblems(String row, String field, String problem) throws IOException {
        InputFileException e = readError("t.csv", HEADER + row + "\n", TraceFormat.EXECPLACE_CSV);
        assertThat(e.line()).isEqualTo(2);
        assertThat(e.field()).isEqualTo(field);
        assertThat(e.getMessage()).isEqualTo(dir.resolve("t.csv") + " line 2, field '" + field + "': " + problem);
    }

    @Test
    void csvDuplicateIdNamesBothLines() throws IOException {
        InputFileException e = readError("t.csv", HEADER + GOOD + "1,sort,0,1,2,3,30,\n" + GOOD, null);
        assertThat(e.getMessage()).endsWith("t.csv line 4, field 'job': job id 0 already appears on line 2");
    }

    @Test
    void csvWrongFieldCount() throws IOException {
        InputFileException e = readError("t.csv", HEADER + "0,sort,0,1\n", null);
        assertThat(e.getMessage()).endsWith("t.csv line 2: expected 8 fields, got 4");
        assertThat(e.field()).isNull();
    }

    @Test
    void csvHeaderProblems() throws IOException {
        assertThat(readError("t.csv", "job,type,arrival,cores,memoryGb,executors,baseDuration,colour\n",
                TraceFormat.EXECPLACE_CSV).getMessage())
                .endsWith("t.csv line 1, field 'colour': unknown column (expected job,type,arrival,cores,memoryGb,"
                        + "executors,baseDuration,deadline,executorDemand,executorIdleTimeout)");
        assertThat(readError("t.csv", "job,type,arrival,cores,memoryGb,executors\n", TraceFormat.EXECPLACE_CSV)
                .getMessage()).contains("line 1, field 'baseDuration': missing column");
        assertThat(readError("t.csv", HEADER, TraceFormat.EXECPLACE_CSV).getMessage())
                .endsWith("t.csv: the file contains no jobs");
    }

    @Test
    void csvColumnsMayComeInAnyOrderAndDeadlineMayBeOmitted() throws IOException {
        Path file = dir.resolve("t.csv");
        Files.writeString(file, "job,type,baseDuration,executors,memoryGb,cores,arrival\n5,wordcount,40,2,3,1,9\n");
        var job = Traces.read(file, TraceFormat.EXECPLACE_CSV, TraceReadOptions.defaults()).jobs().get(0);
        assertThat(job.id()).isEqualTo(5);
        assertThat(job.arrival()).isEqualTo(9);
        assertThat(job.baseDuration()).isEqualTo(40);
        assertThat(job.hasDeadline()).isFalse();
    }

    @Test
    void tpdsProblems() throws IOException {
        assertThat(readError("t.txt", "49,0,1,2,4,3,41\n52,1,4,2,4,3,41\n", TraceFormat.TPDS).getMessage())
                .endsWith("t.txt line 2, field 'type': expected 1 (WordCount), 2 (Sort) or 3 (PageRank), got '4'");
        assertThat(readError("t.txt", "49,0,1,2,4,3,41\n49,0,1,2,4,3,41\n", TraceFormat.TPDS).getMessage())
                .endsWith("t.txt line 2, field 'job': job id 0 already appears on line 1");
        assertThat(readError("t.txt", "49,0,1,2,4,3\n", TraceFormat.TPDS).getMessage())
                .endsWith("t.txt line 1: expected 7 fields, got 6");
    }

    @Test
    void hybProblems() throws IOException {
        String header = "job-id,C,M,E,T_A,T_est,T_D\n";
        assertThat(readError("h.csv", header + "0,3,4,2,5,50,1400\n1,3,4,-2,5,50,1400\n", TraceFormat.HYB).getMessage())
                .endsWith("h.csv line 3, field 'E': expected a whole number >= 1, got '-2'");
        assertThat(readError("h.csv", header + "0,3,4,2,5,50,\n", TraceFormat.HYB).getMessage())
                .endsWith("h.csv line 2, field 'T_D': expected a number >= 0, got ''");
        assertThat(readError("h.csv", "id,C,M,E,T_A,T_est,T_D\n", TraceFormat.HYB).getMessage())
                .endsWith("h.csv line 1: expected the header job-id,C,M,E,T_A,T_est,T_D, got 'id,C,M,E,T_A,T_est,T_D'");
    }

    @Test
    void swimProblems() throws IOException {
        assertThat(readError("s.tsv", "job0\t49\t49\t1\t2\t3\nfoo\t50\t1\t1\t2\t3\n", TraceFormat.SWIM).getMessage())
                .endsWith("s.tsv line 2, field 'job id': expected jobN (N a whole number), got 'foo'");
        assertThat(readError("s.tsv", "job0\t49\t49\t1\t2\t3\njob1\t-5\t1\t1\t2\t3\n", null).getMessage())
                .endsWith("s.tsv line 2, field 'submit time': expected a number >= 0, got '-5'");
        assertThat(readError("s.tsv", "job0\t49\t49\t1\t2\t3\njob0\t50\t1\t1\t2\t3\n", null).getMessage())
                .endsWith("s.tsv line 2, field 'job id': job id 0 already appears on line 1");
        assertThat(readError("s.tsv", "job0\t49\t49\t1\tx\t3\n", null).getMessage())
                .endsWith("s.tsv line 1, field 'shuffle bytes': expected a number >= 0, got 'x'");
    }

    @Test
    void toleranceOnAFormatWithoutDeadlinesIsRefused() throws IOException {
        Path file = dir.resolve("t.txt");
        Files.writeString(file, "49,0,1,2,4,3,41\n");
        assertThatThrownBy(() -> Traces.read(file, null, TraceReadOptions.defaults().withDeadlineToleranceSeconds(5)))
                .isInstanceOf(InputFileException.class)
                .hasMessageEndingWith("t.txt: TPDS traces have no deadlines, so a deadline tolerance does not apply");
    }

    @Test
    void missingFileAndUnquotedGarbage() throws IOException {
        assertThatThrownBy(() -> Traces.read(dir.resolve("absent.csv")))
                .isInstanceOf(InputFileException.class)
                .hasMessage(dir.resolve("absent.csv") + ": no such file");
        assertThat(readError("q.csv", HEADER + "0,\"sort,0,1,2,3,30,\n", null).getMessage())
                .contains("q.csv line 2: malformed line");
    }

    @Test
    void nonUtf8IsReportedAsSuch() throws IOException {
        Path file = dir.resolve("bin.csv");
        Files.write(file, new byte[]{(byte) 0xff, (byte) 0xfe, 0x00, (byte) 0xc3});
        assertThatThrownBy(() -> Traces.read(file)).hasMessage(file + ": not UTF-8 text");
    }
}
