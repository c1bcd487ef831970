package io.execplace.core.sim;

import io.execplace.core.model.CapacityType;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.InstanceType;
import io.execplace.core.model.Interruptions;
import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.model.LaunchDelay;
import io.execplace.core.model.NodePool;
import io.execplace.core.model.NodePools;
import io.execplace.core.model.Placement;
import io.execplace.core.model.UnavailableWindow;
import io.execplace.core.model.Workload;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.core.rules.Billing;
import io.execplace.core.rules.DurationModel;
import io.execplace.core.rules.QueuePolicy;
import io.execplace.core.rules.SimulationConfig;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * A planner's resumed run may draw an availability trace's windows from the trace's statistics instead
 * of taking a closed pool to stay closed: a spot pool closed in windows [0, 1000) and [3000, 4000) s —
 * mean window 1,000 s, mean open time between windows (4,000 − 2,000) / 2 = 1,000 s.
 */
class AvailabilityTracesTest {

    private static final double NOTICE = 120;

    private static Cluster windowed() {
        NodePool spot = NodePool.builder("spot").capacityType(CapacityType.SPOT)
                .instanceTypes(List.of(new InstanceType("n4", 4, 16, 1.0, 0.25)))
                .limitCores(16).launchDelay(LaunchDelay.constant(45)).billing(1, 60).consolidateAfter(30)
                .interruptions(Interruptions.unavailable(NOTICE, List.of(new UnavailableWindow(0, 1000),
                        new UnavailableWindow(3000, 4000))))
                .build();
        return new NodePools("windowed", List.of(spot), false).cluster();
    }

    /** The drawn events from {@code now} with {@code seed}: time and kind, in time order. */
    private static List<double[]> drawn(boolean closedNow, double now, long seed) {
        NodeEvents events = new NodeEvents();
        new AvailabilityTraces(windowed().pools()).scheduleDrawn(events, 0, closedNow, now, seed);
        List<double[]> out = new ArrayList<>();
        while (!events.isEmpty()) {
            out.add(new double[] {events.peekTime(), events.peekKind()});
            events.pop();
        }
        return out;
    }

    @Test
    void aClosedPoolOpensAfterTheMeanWindowOnAverageAndTheSameSeedDrawsTheSame() {
        double sum = 0;
        int seeds = 4000;
        for (long seed = 1; seed <= seeds; seed++) {
            List<double[]> events = drawn(true, 5000, seed);
            assertThat(events.get(0)[1]).isEqualTo(NodeEvents.POOL_OPEN);
            sum += events.get(0)[0] - 5000;
        }
        assertThat(sum / seeds).isCloseTo(1000, within(60.0));
        assertThat(drawn(true, 5000, 9)).usingRecursiveComparison().isEqualTo(drawn(true, 5000, 9));
        assertThat(drawn(true, 5000, 9).get(0)[0]).isNotEqualTo(drawn(true, 5000, 10).get(0)[0]);
    }

    @Test
    void anOpenPoolClosesAfterTheMeanGapWithTheReclaimsNoticeAndOpensAgain() {
        double sum = 0;
        int seeds = 4000;
        for (long seed = 1; seed <= seeds; seed++) {
            List<double[]> events = drawn(false, 5000, seed);
            double[] first = events.get(0);
            // A window: the reclaim's notice and the close at one instant, the open at least a notice later.
            assertThat(List.of(events.get(0)[1], events.get(1)[1]))
                    .containsExactlyInAnyOrder((double) NodeEvents.POOL_NOTICE, (double) NodeEvents.POOL_CLOSE);
            assertThat(events.get(1)[0]).isEqualTo(first[0]);
            assertThat(events.get(2)[1]).isEqualTo(NodeEvents.POOL_OPEN);
            assertThat(events.get(2)[0]).isGreaterThanOrEqualTo(first[0] + NOTICE + 1);
            sum += first[0] - 5000;
        }
        assertThat(sum / seeds).isCloseTo(1000, within(60.0));
    }

    @Test
    void aPlannerThatDrawsTheTraceSeesTheClosedPoolOpenAndOneThatDoesNotWaitsForEver() {
        Cluster cluster = windowed();
        Job job = new Job(0, JobType.WORDCOUNT, 10, 2, 1, 2, 100, Job.NO_DEADLINE);
        EventKernel source = new EventKernel(cluster, new SimulationConfig(QueuePolicy.FCFS, false, false,
                new DurationModel(false, false, 1.3), Billing.EXACT, 1));
        source.reset(new Workload("one", List.of(job)));
        assertThat(source.nextDecision()).isTrue();
        assertThat(source.view().poolOpen(0)).isFalse(); // inside the first window
        PlacementPolicy slotZero = TestPolicies.onVm(0, -1);
        Job current = source.offeredJob();
        ResumedRun.Outcome stays = new ResumedRun(false).run(source.state(), current, Placement.none(), List.of(), slotZero, 3);
        assertThat(stays.currentStarted()).isFalse();
        ResumedRun drawing = new ResumedRun(false).drawingTraces();
        ResumedRun.Outcome opens = drawing.run(source.state(), current, Placement.none(), List.of(), slotZero, 3);
        assertThat(opens.currentStarted()).isTrue();
        // One spot node for the job's 100 s after its 45 s launch, then 30 s empty, at 0.25 a second.
        assertThat(opens.cost()).isCloseTo(175 * 0.25, within(1e-6));
        assertThat(drawing.run(source.state(), current, Placement.none(), List.of(), slotZero, 3)).isEqualTo(opens);
    }
}
