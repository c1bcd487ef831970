package io.execplace.core.profile;

import io.execplace.core.model.JobType;
import io.execplace.core.model.PlacementPreference;

/**
 * One measured setting: a job type on an input of some size with some executors in one layout.
 *
 * @param type      WordCount, Sort or PageRank
 * @param inputMb   input size, MB (PageRank: size of the edge list)
 * @param executors executors of the job
 * @param layout    {@code SPREAD} (one executor per worker) or {@code CONSOLIDATE} (as few workers as fit)
 */
public record ProfileCell(JobType type, int inputMb, int executors, PlacementPreference layout) {

    public ProfileCell {
        if (type == null || type == JobType.GENERIC) {
            throw new IllegalArgumentException("a profile cell needs a type of wordcount, sort or pagerank, got " + type);
        }
        if (inputMb < 1) {
            throw new IllegalArgumentException("input size must be at least 1 MB, got " + inputMb);
        }
        if (executors < 1) {
            throw new IllegalArgumentException("executors must be at least 1, got " + executors);
        }
        if (layout == null || layout == PlacementPreference.ANY) {
            throw new IllegalArgumentException("layout must be spread or consolidated, got " + layout);
        }
    }

    /** True when the layout is the one the type prefers (TPDS §7.1). */
    public boolean preferredLayout() {
        return layout == type.preference();
    }
}
