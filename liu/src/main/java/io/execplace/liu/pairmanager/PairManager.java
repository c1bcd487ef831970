package io.execplace.liu.pairmanager;

import io.execplace.liu.sim.LiuManager;
import io.execplace.liu.sim.LiuSimulation;
import io.execplace.liu.sim.LiuView;

/**
 * A trained pair model as a global manager: every (waiting application, cluster) pair scored from
 * its {@link PairFeatures}, the best one dispatched. Like {@code outlook} it reads the simulation's
 * full state (the committed work), not only Table I's view.
 */
public final class PairManager implements LiuManager {

    private final PairModel model;
    private final String name;
    private double[] features = new double[64 * PairFeatures.SIZE];
    private PairFeatures writer;

    public PairManager(PairModel model, String name) {
        this.model = model;
        this.name = name;
    }

    @Override
    public Dispatch decide(LiuView view) {
        if (!(view instanceof LiuSimulation sim)) {
            throw new IllegalArgumentException("the pair manager needs the simulation's full state, not a view");
        }
        int c = sim.clusterCount();
        int rows = sim.waitingCount() * c;
        if (features.length < rows * PairFeatures.SIZE) {
            features = new double[2 * rows * PairFeatures.SIZE];
        }
        if (writer == null || !writer.fits(sim)) {
            writer = new PairFeatures(sim);
        }
        writer.write(sim, features);
        int pair = model.greedy(features, rows);
        return new Dispatch(pair / c, pair % c);
    }

    @Override
    public String name() {
        return name;
    }
}
