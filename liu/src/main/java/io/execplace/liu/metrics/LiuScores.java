package io.execplace.liu.metrics;

/**
 * The comparative scores of LIU §V-C of one approach (the RL agent) against a baseline over the
 * same test episodes; each is on a 100 basis ({@code 100 × wins / episodes}), and the baseline's
 * score is {@code 100 −} it.
 *
 * @param a Score-A: wins only when strictly better in both TMDL and AJDR
 * @param b Score-B: as A, plus one half when strictly better in exactly one of them
 * @param c Score-C: wins when its Eval (Eq. 9) is strictly higher
 * @param d Score-D: wins when the relative changes of TMDL and AJDR from the baseline add up to less
 *          than zero (a change from 0 to 0 is 0; from 0 to more is +∞)
 */
public record LiuScores(double a, double b, double c, double d) {

    /** Eq. 9: {@code Eval = 1 / (0.02 · TMDL + AJDR)}, higher is better (∞ for a perfect episode). */
    public static double eval(double tmdl, double ajdr) {
        return 1 / (0.02 * tmdl + ajdr);
    }

    /**
     * Scores of an approach against a baseline, episode by episode (the arrays are aligned: entry
     * {@code i} of all four is test episode {@code i}).
     */
    public static LiuScores of(double[] tmdl, double[] ajdr, double[] baseTmdl, double[] baseAjdr) {
        int n = tmdl.length;
        if (n == 0 || ajdr.length != n || baseTmdl.length != n || baseAjdr.length != n) {
            throw new IllegalArgumentException("scores need the same, non-zero number of episodes for both approaches");
        }
        double a = 0;
        double b = 0;
        double c = 0;
        double d = 0;
        for (int i = 0; i < n; i++) {
            boolean fewerMisses = tmdl[i] < baseTmdl[i];
            boolean lessDelay = ajdr[i] < baseAjdr[i];
            a += fewerMisses && lessDelay ? 1 : 0;
            b += fewerMisses && lessDelay ? 1 : fewerMisses || lessDelay ? 0.5 : 0;
            c += eval(tmdl[i], ajdr[i]) > eval(baseTmdl[i], baseAjdr[i]) ? 1 : 0;
            d += change(baseTmdl[i], tmdl[i]) + change(baseAjdr[i], ajdr[i]) < 0 ? 1 : 0;
        }
        return new LiuScores(100 * a / n, 100 * b / n, 100 * c / n, 100 * d / n);
    }

    private static double change(double from, double to) {
        if (from == 0) {
            return to == 0 ? 0 : Double.POSITIVE_INFINITY;
        }
        return (to - from) / from;
    }
}
