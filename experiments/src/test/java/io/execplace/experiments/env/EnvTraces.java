package io.execplace.experiments.env;

import io.execplace.rl.env.Env;
import io.execplace.rl.env.StepResult;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/** Everything an agent sees in seeded random episodes, to compare two environments to the bit. */
final class EnvTraces {

    private EnvTraces() {
    }

    /** Episodes {@code 0 .. episodes-1}, uniform random allowed actions from a fixed seed. */
    static List<String> trace(Env env, int episodes) {
        List<String> out = new ArrayList<>();
        SplittableRandom random = new SplittableRandom(11);
        for (int e = 0; e < episodes; e++) {
            out.add(Arrays.toString(env.reset(e)));
            for (int t = 0; t < 5_000; t++) {
                boolean[] mask = env.actionMask();
                int a;
                do {
                    a = random.nextInt(mask.length);
                } while (!mask[a]);
                StepResult r = env.step(a);
                out.add(a + " " + r.reward() + " " + Arrays.toString(r.observation()) + r.event() + r.truncated());
                if (r.done()) {
                    break;
                }
            }
            out.add(env.outcome().toString());
        }
        return out;
    }
}
