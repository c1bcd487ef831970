package io.execplace.liu.study;

import io.execplace.core.io.BadInputException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class LiuManagerNamesTest {

    @Test
    void baselinesAndReferencesResolveAsEveryDeciderNameDoes() throws Exception {
        LiuManagerNames.Named sfE = LiuManagerNames.create(" SF-E ");
        assertThat(sfE.manager().name()).isEqualTo("sf-e");
        assertThat(sfE.trained()).isFalse();
        assertThat(LiuManagerNames.create("outlook").manager().name()).isEqualTo("outlook");
    }

    @Test
    void anUnknownNameOrAMissingAgentIsBadInput() {
        assertThatThrownBy(() -> LiuManagerNames.create("best")).isInstanceOf(BadInputException.class)
                .hasMessage("unknown LIU manager 'best' (known: random, sf-p, lf-p, sf-e, lf-e, sf-now, outlook, agent:PATH)");
        assertThatThrownBy(() -> LiuManagerNames.create("agent:")).isInstanceOf(BadInputException.class)
                .hasMessageContaining("agent:PATH");
    }
}
