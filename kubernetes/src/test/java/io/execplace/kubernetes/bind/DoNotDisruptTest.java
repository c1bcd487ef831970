package io.execplace.kubernetes.bind;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The annotation values Karpenter reads: "true", a positive Go duration, or nothing. */
class DoNotDisruptTest {

    @Test
    void forEverIsTrueAndADurationIsWholeSecondsRoundedUp() {
        assertThat(DoNotDisrupt.annotation(Double.POSITIVE_INFINITY)).isEqualTo(Map.of("karpenter.sh/do-not-disrupt", "true"));
        assertThat(DoNotDisrupt.annotation(300)).isEqualTo(Map.of("karpenter.sh/do-not-disrupt", "300s"));
        assertThat(DoNotDisrupt.annotation(0.2)).as("never shorter than asked, never 0s (which Karpenter ignores)")
                .isEqualTo(Map.of("karpenter.sh/do-not-disrupt", "1s"));
    }

    @Test
    void noProtectionIsNoAnnotation() {
        assertThat(DoNotDisrupt.annotation(0)).isEmpty();
        assertThat(DoNotDisrupt.annotation(Double.NaN)).isEmpty();
    }
}
