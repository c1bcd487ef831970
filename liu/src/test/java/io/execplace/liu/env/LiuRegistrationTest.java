package io.execplace.liu.env;

import io.execplace.rl.env.EnvChecker;
import io.execplace.rl.env.registry.Envs;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@code liu} registers itself in the environment registry from this module (META-INF/services), beside
 * the environments of {@code experiments}, and passes the conformance check from there.
 */
class LiuRegistrationTest {

    @Test
    void theRegistryHoldsLiuBesideTheOthers() {
        assertThat(Envs.names()).containsExactly("hjs", "liu", "pairs", "pairs-elastic", "tpds");
        assertThat(Envs.help()).contains("\nliu: ", "\n  apps=500  ");
        assertThat(Envs.description("liu")).isNotBlank();
    }

    @Test
    void liuMadeByNamePassesTheChecker() {
        assertThat(EnvChecker.check(() -> Envs.make("liu", Map.of("apps", "60")),
                new EnvChecker.Options(new long[]{0, 1, 5}, 20_000, true))).isEmpty();
    }

    @Test
    void aBadSettingIsOneClearLine() {
        assertThatThrownBy(() -> Envs.make("liu", Map.of("arrivals", "poisson")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("setting 'arrivals'");
    }
}
