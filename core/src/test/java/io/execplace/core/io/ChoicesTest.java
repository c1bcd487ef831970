package io.execplace.core.io;

import io.execplace.core.model.PricingModel;
import io.execplace.core.rules.Billing;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ChoicesTest {

    @Test
    void matchesKeysAndNamesIgnoringCaseAndBlanks() {
        assertThat(Billing.parse(" Per-Second ")).isEqualTo(Billing.PER_SECOND_MIN_60);
        assertThat(PricingModel.parse("real")).isEqualTo(PricingModel.REAL);
        assertThat(PricingModel.parse("model_2")).isEqualTo(PricingModel.MODEL_2);
    }

    @Test
    void unknownWordListsTheAcceptedOnes() {
        assertThatThrownBy(() -> Billing.parse("monthly"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown billing 'monthly' (expected exact, per-second or hourly)");
        assertThatThrownBy(() -> PricingModel.parse("7"))
                .hasMessage("unknown pricing model '7' (expected 1, 2, 3, 4 or real)");
    }
}
