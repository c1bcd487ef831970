package io.execplace.liu.pairmanager;

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

    /** Chooses a pair from a decision's features (and the teacher's label, −1 when none). */
    interface Actor {
        int act(double[] features, int rows, LiuSimulation sim, int teacherPair);
    }

    /** Labels a decision with the pair a teacher takes, given the decision's features just written. */
    interface Labeler {
        int label(LiuSimulation sim, PairFeatures written);
    }

    /** {@code outlook}'s pair. */
    static Labeler outlook() {
        LiuManager teacher = LiuReferenceManagers.of("outlook");
        return (sim, written) -> {
            LiuManager.Dispatch d = teacher.decide(sim);
            return d.waiting() * sim.clusterCount() + d.cluster();
        };
    }

    /**
     * One decision.
     *
     * @param features rows × {@link PairFeatures#SIZE}
     * @param rows     pairs (waiting applications × clusters)
     * @param taken    the pair dispatched
     * @param teacher  the teacher's pair, or −1 without a teacher
     * @param app      the dispatched application's index in the workload
     */
    record Decision(float[] features, int rows, int taken, int teacher, int app) {
    }

    final List<Decision> decisions = new ArrayList<>();
    final LiuEpisode episode;

    private PairRollout(LiuSimulation sim, List<LiuApp> workload, Actor actor, Labeler labeler) {
        int c = sim.clusterCount();
        double[] buf = new double[64 * PairFeatures.SIZE];
        PairFeatures writer = new PairFeatures(sim);
        sim.reset(workload);
        while (sim.decisionPending()) {
            int rows = sim.waitingCount() * c;
            if (buf.length < rows * PairFeatures.SIZE) {
                buf = new double[2 * rows * PairFeatures.SIZE];
            }
            writer.write(sim, buf);
            int t = labeler == null ? -1 : labeler.label(sim, writer);
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

    /** Plays a workload; {@code labeler} (or null) labels every decision before the actor acts. */
    static PairRollout play(LiuSimulation sim, List<LiuApp> workload, Actor actor, Labeler labeler) {
        return new PairRollout(sim, workload, actor, labeler);
    }
}
