package io.execplace.liu.pairs;

import io.execplace.liu.managers.LiuReferenceManagers;
import io.execplace.liu.model.LiuApp;
import io.execplace.liu.sim.LiuEpisode;
import io.execplace.liu.sim.LiuManager;
import io.execplace.liu.sim.LiuSimulation;

import java.util.ArrayList;
import java.util.List;

/**
 * One episode played by an actor, with every decision's pair features kept (as floats), the pair
 * taken and, when asked, the pair the teacher ({@code outlook}) would have taken in that state.
 */
final class PairRollout {

    /** Chooses a pair from a decision's features. */
    interface Actor {
        int act(double[] features, int rows, LiuSimulation sim, int teacherPair);
    }

    /**
     * One decision.
     *
     * @param features rows × {@link PairFeatures#SIZE}
     * @param rows     pairs (waiting applications × clusters)
     * @param taken    the pair dispatched
     * @param teacher  the teacher's pair, or −1 when not asked
     * @param app      the dispatched application's index in the workload
     */
    record Decision(float[] features, int rows, int taken, int teacher, int app) {
    }

    final List<Decision> decisions = new ArrayList<>();
    final LiuEpisode episode;

    private PairRollout(LiuSimulation sim, List<LiuApp> workload, Actor actor, boolean label) {
        LiuManager teacher = LiuReferenceManagers.of("outlook");
        int c = sim.clusterCount();
        double[] buf = new double[64 * PairFeatures.SIZE];
        sim.reset(workload);
        while (sim.decisionPending()) {
            int rows = sim.waitingCount() * c;
            if (buf.length < rows * PairFeatures.SIZE) {
                buf = new double[2 * rows * PairFeatures.SIZE];
            }
            PairFeatures.write(sim, buf);
            int t = -1;
            if (label) {
                LiuManager.Dispatch d = teacher.decide(sim);
                t = d.waiting() * c + d.cluster();
            }
            int pair = actor.act(buf, rows, sim, t);
            float[] f = new float[rows * PairFeatures.SIZE];
            for (int i = 0; i < f.length; i++) {
                f[i] = (float) buf[i];
            }
            int app = sim.waiting(pair / c).id();
            decisions.add(new Decision(f, rows, pair, t, app));
            sim.dispatch(pair / c, pair % c);
        }
        episode = sim.episode();
    }

    static PairRollout play(LiuSimulation sim, List<LiuApp> workload, Actor actor, boolean label) {
        return new PairRollout(sim, workload, actor, label);
    }
}
