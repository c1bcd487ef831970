package io.execplace.experiments.study;

import java.nio.file.Path;
import java.util.List;

/**
 * What a {@code reproduce} study tells its reader on screen, as {@code compare} does: the headline
 * sentence and the study's main table (the same as at the top of its HTML report), and where the
 * report was written. Built by name ({@link #of}, {@link #table}) rather than positionally.
 *
 * @param index    the HTML report written
 * @param headline the sentence a reader should see first
 * @param title    what the main table shows, one line
 * @param header   the main table's column names
 * @param rows     the main table's rows, as formatted in the report
 */
public record StudyOutcome(Path index, String headline, String title, List<String> header, List<List<String>> rows) {

    public StudyOutcome {
        header = List.copyOf(header);
        rows = rows.stream().map(List::copyOf).toList();
    }

    /** An outcome whose table is still to be given ({@link #table}). */
    public static StudyOutcome of(Path index, String headline) {
        return new StudyOutcome(index, headline, "", List.of(), List.of());
    }

    /** This outcome with its main table. */
    public StudyOutcome table(String tableTitle, List<String> tableHeader, List<List<String>> tableRows) {
        return new StudyOutcome(index, headline, tableTitle, tableHeader, tableRows);
    }
}
