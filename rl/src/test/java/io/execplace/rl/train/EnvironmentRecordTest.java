package io.execplace.rl.train;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.execplace.rl.env.ObservationSettings;
import io.execplace.rl.env.TpdsEnvConfig;
import io.execplace.rl.env.TpdsEpisodeRules;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The agent files' environment record: the written shape round-trips, the flat shape of older files reads the same. */
class EnvironmentRecordTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The rewards of TPDS Table 3 as the flat records spell them. */
    private static final String TABLE_3 = "\"rewards\":{\"place\":1.0,\"waitReward\":-1.0,\"invalid\":-200.0,"
            + "\"idleWait\":-200.0,\"partialWait\":-200.0,\"lookAhead\":-200.0}";
    /** The record of models/exit-large.xprl, written before the queue and Target options existed. */
    private static final String FLAT_BEFORE_QUEUE = "{\"beta\":1.0,\"fixedReward\":10000.0," + TABLE_3
            + ",\"normalised\":false,\"masking\":true,\"partialWaitEnds\":true,\"lookAhead\":false,\"maxSteps\":0,"
            + "\"busyTime\":false,\"perJobReward\":true}";
    /** The record of models/elastic-pairs.xprl. */
    private static final String FLAT_ELASTIC = FLAT_BEFORE_QUEUE.replace("\"beta\":1.0", "\"beta\":0.5")
            .replace("\"perJobReward\":true}", "\"perJobReward\":false,\"queue\":\"edf\",\"targetReward\":true}");
    /** A flat record with every option away from its default. */
    private static final String FLAT_ALL_SET = "{\"beta\":0.25,\"fixedReward\":500.0,"
            + TABLE_3.replace("\"partialWait\":-200.0", "\"partialWait\":-50.0")
            + ",\"normalised\":true,\"masking\":true,\"partialWaitEnds\":false,\"lookAhead\":true,\"maxSteps\":300,"
            + "\"busyTime\":true,\"perJobReward\":true,\"queue\":\"hjs-weight:0.75\",\"targetReward\":false}";

    @Test
    void theWrittenRecordHoldsTheRulesAndTheObservationApart() {
        TpdsEnvConfig config = TpdsEnvConfig.reference(0.3).withMasking(true).withMaxSteps(50).withBusyTime(true)
                .withQueue("edf").withTargetReward(true);
        JsonNode record = EnvironmentRecord.of(config);
        List<String> fields = new ArrayList<>();
        record.fieldNames().forEachRemaining(fields::add);
        assertThat(fields).containsExactly("rules", "observation", "busyTime");
        assertThat(record.get("observation").toString()).isEqualTo("{\"normalised\":false,\"masking\":true,\"maxSteps\":50}");
        assertThat(record.get("rules").get("queue").asText()).isEqualTo("edf");
        assertThat(record.get("rules").get("rewards").get("partialWait").asDouble()).isEqualTo(-50);
        assertThat(EnvironmentRecord.read(record)).isEqualTo(config);
    }

    @Test
    void flatRecordsOfOlderFilesReadAsTheSameSettings() throws Exception {
        assertThat(EnvironmentRecord.read(JSON.readTree(FLAT_BEFORE_QUEUE)))
                .isEqualTo(TpdsEnvConfig.paper(1).withMasking(true).withPerJobReward(true));
        assertThat(EnvironmentRecord.read(JSON.readTree(FLAT_ELASTIC)))
                .isEqualTo(TpdsEnvConfig.paper(0.5).withMasking(true).withQueue("edf").withTargetReward(true));
        TpdsEnvConfig all = EnvironmentRecord.read(JSON.readTree(FLAT_ALL_SET));
        assertThat(all.rules()).isEqualTo(new TpdsEpisodeRules(0.25, 500, TpdsEpisodeRules.Rewards.REFERENCE, false, true,
                true, "hjs-weight:0.75", false));
        assertThat(all.observation()).isEqualTo(new ObservationSettings(true, true, 300));
        assertThat(all.busyTime()).isTrue();
        // Written again, it takes the new shape and reads back unchanged.
        assertThat(EnvironmentRecord.read(EnvironmentRecord.of(all))).isEqualTo(all);
    }

    @Test
    void aRecordBreakingARuleIsRefusedWithTheRule() throws Exception {
        String badBeta = FLAT_ELASTIC.replace("\"beta\":0.5", "\"beta\":2.0");
        assertThatThrownBy(() -> EnvironmentRecord.read(JSON.readTree(badBeta))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("beta");
        JsonNode nested = EnvironmentRecord.of(TpdsEnvConfig.paper(0.5));
        ((com.fasterxml.jackson.databind.node.ObjectNode) nested.get("observation")).put("maxSteps", -1);
        assertThatThrownBy(() -> EnvironmentRecord.read(nested)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("maxSteps");
        assertThatThrownBy(() -> EnvironmentRecord.read(JSON.readTree("[1]"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not an object");
    }
}
