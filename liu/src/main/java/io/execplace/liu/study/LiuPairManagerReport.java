package io.execplace.liu.study;

import io.execplace.experiments.heldout.HeldOutEvaluation.Interval;
import io.execplace.experiments.report.Format;
import io.execplace.experiments.report.ReportSection;
import io.execplace.liu.pairmanager.PairTrainer;

import java.util.ArrayList;
import java.util.List;

/** The report's section on the pair manager (beyond the paper): stages, training beside held-out, the diagnosis. */
final class LiuPairManagerReport {

    private LiuPairManagerReport() {
    }

    static void write(LiuStudy.Outcome o, ReportSection.Builder sec) {
        sec.paragraph("A manager the paper does not have (docs/liu.md, 'A learned manager beyond the paper'): a network "
                + "scores every (waiting application, cluster) pair from features Table I hides - each cluster's committed "
                + "work and what playing it out projects if the application is sent there. It learns by imitating outlook "
                + "(cloning, DAgger), then by improvement rounds in which a counterfactual planner labels the states it "
                + "visits with the pair whose rollouts (same future arrivals for every candidate) miss fewest deadlines: "
                + "the difference between two candidates is the misses a dispatch causes to others. Training workloads "
                + "only; the stage with the fewest misses on validation workloads of the training stream is kept. Its rows "
                + "are in Tables II and III above (agent 'pairs').");
        List<List<String>> stages = new ArrayList<>();
        for (LiuPairManagerPart.PairRun r : o.pairs()) {
            for (PairTrainer.Stage st : r.stages()) {
                stages.add(List.of(r.pattern().label(), st.name() + (st.name().equals(r.kept()) ? " (kept)" : ""),
                        Integer.toString(st.episodes()), Format.sig(st.tmdl(), 4), Format.sig(st.ajdr(), 4),
                        Double.isNaN(st.agreement()) ? "-" : Format.sig(100 * st.agreement(), 3) + " %",
                        Format.sig(st.seconds(), 3)));
            }
        }
        sec.paragraph("Stages, on the validation workloads (training stream). Agreement: how often the learner took the "
                + "teacher's pair on the states it visited in that round (outlook's in DAgger, the planner's in improvement).");
        sec.table(List.of("pattern", "stage", "training episodes", "validation TMDL", "validation AJDR", "agreement",
                "seconds so far"), stages);
        List<List<String>> side = new ArrayList<>();
        for (LiuPairManagerPart.SideBySide r : o.sideBySide()) {
            side.add(List.of(r.pattern(), r.manager(), interval(r.training()), interval(r.heldOut()),
                    Format.sig(r.heldOutAjdr(), 3)));
        }
        sec.paragraph("Training beside held-out: mean TMDL with 95 % intervals on the first "
                + LiuPairManagerPart.TRAINING_WORKLOADS + " training workloads (both agents trained on them) and on the held-out "
                + "test workloads of Table II.");
        sec.table(List.of("pattern", "manager", "training TMDL", "held-out TMDL", "held-out AJDR"), side);
        List<List<String>> diag = new ArrayList<>();
        for (LiuPairManagerPart.Diagnosis d : o.diagnosis()) {
            diag.add(List.of(d.pattern(), d.manager(), Format.sig(d.timeCriticalMisses(), 3), Format.sig(d.streamingMisses(), 3),
                    Format.sig(100 * d.regularOnSmallShare(), 3) + " %", Format.sig(d.blamedOnRegular(), 3)));
        }
        sec.paragraph("Why it works, per category (test workloads, per workload): misses of time-critical applications and "
                + "of streaming batches; the share of regular applications sent to the two smallest clusters; and the misses "
                + "of others blamed on regular applications (a missed run that waited or was stretched is blamed, in equal "
                + "shares, on the applications whose runs held executors or queue places ahead of it). The paper's agent "
                + "sends regular applications where they hold up time-critical runs; outlook and the pair manager see the "
                + "committed work and do not.");
        sec.table(List.of("pattern", "manager", "time-critical misses", "streaming misses", "regular on small clusters",
                "misses blamed on regular"), diag);
    }

    private static String interval(Interval i) {
        return Format.sig(i.mean(), 4) + (Double.isNaN(i.halfWidth()) ? "" : " ± " + Format.sig(i.halfWidth(), 2));
    }
}
