package io.execplace.core.workload;

import io.execplace.core.model.ExecutorDemand;
import io.execplace.core.model.Job;
import io.execplace.core.model.Workload;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.StringWriter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Executor demands: the generator, and the csv trace's demand columns. */
class DynamicDemandsTest {

    @Test
    void generatedDemandsStayBetweenFloorAndMaximumAndReplayBitForBit() {
        Workload fixed = WorkloadPresets.generate("hybrid-medium", WorkloadOptions.seed(7));
        Workload dynamic = WorkloadPresets.generate("hybrid-medium-dynamic", WorkloadOptions.seed(7));
        assertThat(dynamic).isEqualTo(WorkloadPresets.generate("hybrid-medium-dynamic", WorkloadOptions.seed(7)));
        assertThat(dynamic).isNotEqualTo(WorkloadPresets.generate("hybrid-medium-dynamic", WorkloadOptions.seed(8)));
        assertThat(dynamic.size()).isEqualTo(fixed.size());
        int withDemand = 0;
        for (int i = 0; i < fixed.size(); i++) {
            Job before = fixed.jobs().get(i);
            Job after = dynamic.jobs().get(i);
            assertThat(after.withExecutors(before.executors())).isEqualTo(before);
            ExecutorDemand d = dynamic.demands().get(after.id());
            if (before.executors() < 2) {
                assertThat(d).isNull();
                continue;
            }
            withDemand++;
            assertThat(after.executors()).isEqualTo(Math.max(1, before.executors() / 4));
            assertThat(d.least()).isGreaterThanOrEqualTo(after.executors());
            assertThat(d.most()).isEqualTo(before.executors());
            assertThat(d.idleTimeoutSeconds()).isEqualTo(60);
        }
        assertThat(withDemand).isGreaterThan(fixed.size() / 2);
    }

    @Test
    void theCsvTraceKeepsDemandsAndFilesWithoutThemAreUnchanged() throws IOException {
        Workload dynamic = WorkloadPresets.generate("hybrid-medium-dynamic", WorkloadOptions.seed(3).withJobs(40));
        StringWriter out = new StringWriter();
        Traces.write(dynamic, out, TraceFormat.EXECPLACE_CSV);
        assertThat(out.toString()).startsWith(
                "job,type,arrival,cores,memoryGb,executors,baseDuration,deadline,executorDemand,executorIdleTimeout");
        Workload back = Traces.parse(out.toString(), "t.csv", dynamic.name(), TraceFormat.EXECPLACE_CSV,
                TraceReadOptions.defaults());
        assertThat(back.jobs()).isEqualTo(dynamic.jobs());
        assertThat(back.demands()).isEqualTo(dynamic.demands());

        StringWriter plain = new StringWriter();
        Traces.write(WorkloadPresets.generate("hybrid-medium", WorkloadOptions.seed(3).withJobs(40)), plain,
                TraceFormat.EXECPLACE_CSV);
        assertThat(plain.toString()).startsWith("job,type,arrival,cores,memoryGb,executors,baseDuration,deadline\n");
        assertThatThrownBy(() -> Traces.write(dynamic, new StringWriter(), TraceFormat.HYB))
                .hasMessageContaining("cannot hold executor demands");
    }

    @Test
    void aBadDemandNamesItsLineAndField() {
        String header = "job,type,arrival,cores,memoryGb,executors,baseDuration,deadline,executorDemand\n";
        assertThatThrownBy(() -> parse(header + "1,sort,0,1,2,2,100,,0:2 30:x\n"))
                .hasMessageEndingWith("t.csv line 2, field 'executorDemand': expected steps seconds:count separated "
                        + "by spaces, like 0:2 60:8, got '30:x'");
        assertThatThrownBy(() -> parse(header + "1,sort,0,1,2,3,100,,0:3 30:2\n"))
                .hasMessageEndingWith("t.csv line 2, field 'executorDemand': step 30:2 wants fewer executors than "
                        + "the 3 the job holds from start to finish (column executors)");
        assertThatThrownBy(() -> parse(header + "1,sort,0,1,2,2,100,,10:2\n"))
                .hasMessageContaining("line 2, field 'executorDemand': an executor demand's first step is at 0 s");
        assertThat(parse(header + "1,sort,0,1,2,2,100,,0:2 30:6\n2,sort,5,1,2,2,100,,\n").demands())
                .containsOnlyKeys(1);
    }

    private static Workload parse(String text) {
        return Traces.parse(text, "t.csv", "t", TraceFormat.EXECPLACE_CSV, TraceReadOptions.defaults());
    }
}
