package io.execplace.experiments.bench;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.policy.PlacementPolicy;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TimedPolicyTest {

    /** A policy whose every answer differs from the interface's defaults. */
    static final PlacementPolicy ASKS_AGAIN = new PlacementPolicy() {
        @Override
        public String name() {
            return "asks-again";
        }

        @Override
        public Placement place(Job job, ClusterView view) {
            return Placement.none();
        }

        @Override
        public String neverPlaces(Job job, Cluster cluster) {
            return "never";
        }

        @Override
        public boolean namesProtections() {
            return true;
        }

        @Override
        public double askAgainAt() {
            return 42.0;
        }
    };

    @Test
    void theTimerAnswersAsTheTimedPolicy() {
        TimedPolicy timed = new TimedPolicy(ASKS_AGAIN);
        assertEquals(42.0, timed.askAgainAt());
        assertEquals("never", timed.neverPlaces(null, null));
        assertTrue(timed.namesProtections());
        assertEquals("asks-again", timed.name());
    }
}
