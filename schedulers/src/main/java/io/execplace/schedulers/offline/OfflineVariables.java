package io.execplace.schedulers.offline;

import com.google.ortools.sat.BoolVar;
import com.google.ortools.sat.IntVar;

/**
 * The decision variables of {@link OfflineOptimum}'s CP-SAT model, allocated for {@code n} jobs on
 * {@code m} VMs and filled in as the model is built (a VM's segments and a job's cases once their
 * counts are known).
 */
final class OfflineVariables {

    /** Job j's start on the grid. */
    final IntVar[] start;
    /** Job j runs in duration case k. */
    final BoolVar[][] caseOf;
    /** Executors of job j on VM v. */
    final IntVar[][] count;
    /** Job j has an executor on VM v. */
    final BoolVar[][] uses;
    /** Start, length and presence of VM v's k-th busy segment. */
    final IntVar[][] segStart;
    final IntVar[][] segLength;
    final BoolVar[][] segPresent;
    /** Job j runs on VM v within its k-th segment (null where j cannot use v). */
    final BoolVar[][][] inSeg;

    OfflineVariables(int n, int m) {
        start = new IntVar[n];
        caseOf = new BoolVar[n][];
        count = new IntVar[n][m];
        uses = new BoolVar[n][m];
        segStart = new IntVar[m][];
        segLength = new IntVar[m][];
        segPresent = new BoolVar[m][];
        inSeg = new BoolVar[n][m][];
    }
}
