package io.execplace.liu.model;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;

import java.util.ArrayList;
import java.util.List;

/**
 * Draws a LIU workload: arrival events by the pattern, a category per application by β1..β3, then
 * its sizes; a streaming application also gets a random 10-bin demand distribution and one demand
 * per batch drawn from it. The same seed gives the same workload, bit for bit.
 */
public final class LiuWorkloadGenerator {

    private LiuWorkloadGenerator() {
    }

    public static List<LiuApp> generate(LiuWorkloadSpec spec, long seed) {
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(seed);
        ArrivalPattern.Sampler arrivals = spec.pattern().sampler(rng);
        List<LiuApp> apps = new ArrayList<>(spec.apps());
        int t = 0;
        while (apps.size() < spec.apps()) {
            t += arrivals.nextGap();
            int n = Math.min(arrivals.nextCount(), spec.apps() - apps.size());
            for (int k = 0; k < n; k++) {
                apps.add(draw(apps.size(), t, spec, rng));
            }
        }
        return List.copyOf(apps);
    }

    private static LiuApp draw(int id, int arrival, LiuWorkloadSpec spec, UniformRandomProvider rng) {
        AppSizes s = spec.sizes();
        double u = rng.nextDouble();
        double[] beta = LiuWorkloadSpec.CATEGORY_PROBABILITIES;
        AppCategory category = u < beta[0] ? AppCategory.REGULAR
                : u < beta[0] + beta[1] ? AppCategory.TIME_CRITICAL : AppCategory.STREAMING;
        int demand = Math.max(1, (int) Math.round(s.demand().sample(rng) * spec.demandScale()));
        int occupation = s.occupation().sample(rng);
        double deadlineFactor = s.deadlineFactor().sample(rng);
        int deadline = (int) Math.ceil(occupation * deadlineFactor);
        return switch (category) {
            case REGULAR -> LiuApp.regular(id, arrival, demand, occupation);
            case TIME_CRITICAL -> LiuApp.timeCritical(id, arrival, demand, occupation, deadline);
            case STREAMING -> {
                int period = (int) Math.ceil(occupation * s.periodFactor().sample(rng));
                double[] bins = new double[LiuApp.BINS];
                double sum = 0;
                for (int k = 0; k < bins.length; k++) {
                    bins[k] = -Math.log(1 - rng.nextDouble()); // Dirichlet(1, ..., 1): uniform on the simplex
                    sum += bins[k];
                }
                double[] cdf = new double[bins.length];
                double acc = 0;
                for (int k = 0; k < bins.length; k++) {
                    bins[k] /= sum;
                    acc += bins[k];
                    cdf[k] = acc;
                }
                int[] runDemands = new int[s.batches().sample(rng)];
                for (int r = 0; r < runDemands.length; r++) {
                    double v = rng.nextDouble() * acc;
                    int k = 0;
                    while (k < cdf.length - 1 && v >= cdf[k]) {
                        k++;
                    }
                    runDemands[r] = Math.max(1, (int) Math.round(demand * LiuApp.multiplier(k)));
                }
                yield LiuApp.streaming(id, arrival, demand, occupation, Math.min(deadline, period), period, bins,
                        runDemands);
            }
        };
    }
}
