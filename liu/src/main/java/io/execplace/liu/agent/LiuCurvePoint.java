package io.execplace.liu.agent;

/**
 * One evaluation during training (a point of Fig. 4): after {@code episode} training episodes, the
 * greedy agent's mean TMDL, mean AJDR and Eval (Eq. 9) over the test workloads.
 */
public record LiuCurvePoint(int episode, double epsilon, double meanTmdl, double meanAjdr, double eval,
                            double loss) {

    static final String HEADER = "episode,epsilon1,mean_tmdl,mean_ajdr,eval,loss";

    double[] toArray() {
        return new double[] {episode, epsilon, meanTmdl, meanAjdr, eval, loss};
    }

    static LiuCurvePoint fromArray(double[] a, int off) {
        return new LiuCurvePoint((int) a[off], a[off + 1], a[off + 2], a[off + 3], a[off + 4], a[off + 5]);
    }
}
