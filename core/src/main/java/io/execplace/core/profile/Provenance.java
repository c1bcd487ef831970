package io.execplace.core.profile;

/**
 * Where and how a profile was measured.
 *
 * @param master       the Spark master URL the jobs ran on, e.g. {@code local-cluster[2,1,1024]}
 * @param machine      the driver machine: host, cores, memory, OS, Java
 * @param sparkVersion the Spark version
 * @param repetitions  runs per measured cell
 * @param date         when the measurement ended, ISO-8601 UTC
 * @param seed         the seed of the generated inputs
 */
public record Provenance(String master, String machine, String sparkVersion, int repetitions, String date, long seed) {

    public Provenance {
        for (String[] f : new String[][]{{"master", master}, {"machine", machine}, {"spark", sparkVersion}, {"date", date}}) {
            if (f[1] == null || f[1].isBlank() || f[1].contains("\n")) {
                throw new IllegalArgumentException("provenance field '" + f[0] + "' must be one non-empty line, got '" + f[1] + "'");
            }
        }
        if (repetitions < 1) {
            throw new IllegalArgumentException("repetitions must be at least 1, got " + repetitions);
        }
    }
}
