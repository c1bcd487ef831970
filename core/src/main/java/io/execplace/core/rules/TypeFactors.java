package io.execplace.core.rules;

import io.execplace.core.model.JobType;

/**
 * The type-mismatch penalty of each job type: the multiplier of a job whose layout does not suit its
 * type. The papers use 1.3 for all three; a measured job profile gives each type its own.
 *
 * @param wordcount WordCount's factor, at least 1
 * @param sort      Sort's factor, at least 1
 * @param pagerank  PageRank's factor, at least 1
 */
public record TypeFactors(double wordcount, double sort, double pagerank) {

    public TypeFactors {
        for (double f : new double[]{wordcount, sort, pagerank}) {
            if (!(f >= 1) || !Double.isFinite(f)) {
                throw new IllegalArgumentException("type penalty factors must be finite numbers >= 1, got " + f);
            }
        }
    }

    /** The same factor for every type. */
    public static TypeFactors uniform(double factor) {
        return new TypeFactors(factor, factor, factor);
    }

    /** The factor of a type; 1 for generic jobs, which have no preferred layout. */
    public double of(JobType type) {
        return switch (type) {
            case WORDCOUNT -> wordcount;
            case SORT -> sort;
            case PAGERANK -> pagerank;
            case GENERIC -> 1;
        };
    }
}
