package io.execplace.core.workload;

import io.execplace.core.io.InputFileException;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TraceDetectionTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "job,type,arrival,cores,memoryGb,executors,baseDuration,deadline\\n0,sort,0,1,2,3,30,\\n | EXECPLACE_CSV",
        "\\uFEFFJob, Type,arrival,cores,memoryGb,executors,baseDuration\\n                      | EXECPLACE_CSV",
        "job-id,C,M,E,T_A,T_est,T_D\\n0,3,4,2,5,50,1400\\n                                    | HYB",
        "\\n\\njob0\\t49\\t49\\t740773\\t2339561\\t627471\\n                                     | SWIM",
        "49,0,1,2,4,3,41\\n                                                                  | TPDS",
        "49.5, 0, 1, 2, 4.0, 3, 41\\n                                                        | TPDS",
    })
    void detectsEveryFormat(String escaped, TraceFormat expected) {
        String content = escaped.replace("\\n", "\n").replace("\\t", "\t").replace("\\uFEFF", "\uFEFF");
        assertThat(Traces.detect(TraceText.stripBom(content), "f")).isEqualTo(expected);
    }

    @Test
    void unknownContentAsksForTheFormat() {
        assertThatThrownBy(() -> Traces.detect("hello,world\n", "mystery.txt"))
                .isInstanceOf(InputFileException.class)
                .hasMessage("mystery.txt: cannot tell the trace format from the first line 'hello,world'; "
                        + "pass --format (csv, tpds, hyb or swim)");
        assertThatThrownBy(() -> Traces.detect("49,0,1,2,4,3\n", "six.txt"))
                .hasMessageContaining("pass --format");
        assertThatThrownBy(() -> Traces.detect("  \n\n", "empty.txt"))
                .hasMessage("empty.txt: the file is empty");
    }
}
