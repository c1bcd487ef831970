package io.execplace.core.workload;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Lines without quotes are split directly; they must come out exactly as commons-csv splits them. */
class TraceTextTest {

    private static List<List<String>> fields(String content, char delimiter) {
        return TraceText.lines(content, "t.csv", delimiter).stream().map(TraceLine::values).toList();
    }

    @Test
    void unquotedLinesSplitAsCommonsCsvWould() {
        String content = "job, type ,arrival\n\n 1,wordcount, 0.5 \n2,,\r\n\t3\t,sort,7";
        assertThat(fields(content, ',')).containsExactly(
                List.of("job", "type", "arrival"),
                List.of("1", "wordcount", "0.5"),
                List.of("2", "", ""),
                List.of("3", "sort", "7"));
        // The same lines with every field quoted take commons-csv's path and give the same fields.
        String quoted = "\"job\",\" type \",\"arrival\"\n\"1\",\"wordcount\",\"0.5\"";
        assertThat(fields(quoted, ',')).containsExactly(List.of("job", "type", "arrival"),
                List.of("1", "wordcount", "0.5"));
        assertThat(TraceText.lines("a\t b \tc", "t.tsv", '\t').get(0).values()).containsExactly("a", "b", "c");
        assertThat(TraceText.lines("x\n\ny", "t.csv", ',').get(1).number()).isEqualTo(3);
    }
}
