package io.execplace.rl.agent;

import org.apache.commons.rng.RestorableUniformRandomProvider;
import org.apache.commons.rng.core.RandomProviderDefaultState;
import org.apache.commons.rng.simple.RandomSource;

/** The learners' random generator (xoroshiro128++) and its saved state. */
public final class Rngs {

    private Rngs() {
    }

    public static RestorableUniformRandomProvider create(long seed) {
        return RandomSource.XO_RO_SHI_RO_128_PP.create(seed);
    }

    public static byte[] save(RestorableUniformRandomProvider rng) {
        return ((RandomProviderDefaultState) rng.saveState()).getState();
    }

    public static void restore(RestorableUniformRandomProvider rng, byte[] state) {
        rng.restoreState(new RandomProviderDefaultState(state));
    }
}
