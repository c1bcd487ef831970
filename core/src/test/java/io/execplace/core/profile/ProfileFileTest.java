package io.execplace.core.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.execplace.core.io.InputFileException;
import io.execplace.core.model.JobType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProfileFileTest {

    @TempDir
    Path dir;

    @Test
    void aWrittenProfileReadsBackEqualAndRewritesToTheSameText() throws IOException {
        MeasuredProfile p = Profiles.small();
        Path file = dir.resolve("small.profile");
        ProfileFile.write(p, file);
        MeasuredProfile back = ProfileFile.read(file);
        assertThat(back).isEqualTo(p);
        assertThat(ProfileFile.format(back)).isEqualTo(Files.readString(file));
        assertThat(Files.readString(file)).startsWith("# execplace job profile, format 1, crc32 ")
                .contains("# factor.sort: 1.5\n", "# factor.pagerank: 1\n", "# ratio.pagerank: 0.9\n")
                .doesNotContain("ratio.sort");
    }

    @Test
    void theTableIsPlainCommaSeparatedFieldsAsTheFormatHasAlwaysWritten() {
        assertThat(ProfileFile.format(Profiles.small()))
                .contains("\ntype,input_mb,executors,layout,runs,mean_s,sd_s,min_s,max_s,stages,shuffle_bytes\n"
                        + "wordcount,8,1,spread,3,10,0.125,9.75,10.5,2,8000\n")
                .endsWith(",2,32000\n");
    }

    @Test
    void theMeasuredRatioIsTheGeometricMeanOverMultiExecutorPairs() {
        MeasuredProfile p = Profiles.small();
        // every 4-executor pair of the test profile is 1.25 slower in the mismatched layout
        assertThat(p.factors().get(JobType.WORDCOUNT).measuredRatio()).isCloseTo(1.25, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(p.placementFactor(JobType.WORDCOUNT)).isCloseTo(1.25, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(p.placementFactor(JobType.PAGERANK)).isEqualTo(1.0); // measured 0.9: never a speed-up
    }

    @Test
    void anEditedFileFailsItsChecksumAndNoneAcceptsIt() {
        String text = ProfileFile.format(Profiles.small());
        String edited = text.replace("# seed: 7", "# seed: 8");
        assertThatThrownBy(() -> ProfileFile.parse(edited, "p.csv", "p"))
                .isInstanceOf(InputFileException.class)
                .hasMessageStartingWith("p.csv line 1, field 'crc32': checksum mismatch");
        String unchecked = edited.replaceFirst("crc32 [0-9a-f]{8}", "crc32 none");
        assertThat(ProfileFile.parse(unchecked, "p.csv", "p").provenance().seed()).isEqualTo(8);
    }

    @Test
    void badContentIsRefusedWithFileLineAndField() {
        String text = unchecked(ProfileFile.format(Profiles.small()));
        String[] lines = text.split("\n");
        int firstRow = indexOf(lines, "type,input_mb") + 1;
        assertRefused(replaceLine(lines, firstRow, lines[firstRow].replaceFirst("^wordcount,8,", "wordcount,eight,")),
                "p.csv line " + (firstRow + 1) + ", field 'input_mb': expected a whole number, got 'eight'");
        assertRefused(replaceLine(lines, firstRow, lines[firstRow].replaceFirst("^wordcount", "grep")),
                "p.csv line " + (firstRow + 1) + ", field 'type': expected wordcount, sort or pagerank, got 'grep'");
        assertRefused(replaceLine(lines, firstRow, lines[firstRow].replace(",spread,", ",diagonal,")),
                "p.csv line " + (firstRow + 1) + ", field 'layout': expected spread or consolidated, got 'diagonal'");
        int factor = indexOf(lines, "# factor.sort");
        assertRefused(replaceLine(lines, factor, "# factor.sort: 0.5"),
                "p.csv line " + (factor + 1) + ", field 'factor.sort': expected a number from 1 to 100, got 0.5");
        assertRefused(replaceLine(lines, indexOf(lines, "# spark"), "# sparks: 4"),
                "p.csv line " + (indexOf(lines, "# spark") + 1) + ", field 'sparks': unknown key");
        assertRefused(text.replace("# execplace job profile, format 1,", "# execplace job profile, format 2,"),
                "p.csv line 1, field 'format': version 2 is not supported");
        assertRefused(replaceLine(lines, firstRow, lines[firstRow + 1]),
                "p.csv line " + (firstRow + 2) + ", field 'type': the same type, input_mb, executors and layout as line "
                        + (firstRow + 1));
    }

    @Test
    void aProfileWithoutAPreferredLayoutRowForATypeIsRefused() {
        String text = unchecked(ProfileFile.format(Profiles.small()));
        StringBuilder kept = new StringBuilder();
        for (String line : text.split("\n")) {
            if (!(line.startsWith("pagerank,") && line.contains(",consolidated,"))) {
                kept.append(line).append('\n');
            }
        }
        assertRefused(kept.toString(), "p.csv field 'type': no pagerank measurement in its preferred layout (consolidated)");
    }

    @Test
    void aMissingFileIsRefusedByName() {
        assertThatThrownBy(() -> ProfileFile.read(dir.resolve("none.profile")))
                .isInstanceOf(InputFileException.class).hasMessageEndingWith("none.profile: no such file");
    }

    private static void assertRefused(String text, String messageStart) {
        assertThatThrownBy(() -> ProfileFile.parse(text, "p.csv", "p")).isInstanceOf(InputFileException.class)
                .hasMessageStartingWith(messageStart);
    }

    private static String unchecked(String text) {
        return text.replaceFirst("crc32 [0-9a-f]{8}", "crc32 none");
    }

    private static int indexOf(String[] lines, String prefix) {
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].startsWith(prefix)) {
                return i;
            }
        }
        throw new AssertionError("no line starts with " + prefix);
    }

    private static String replaceLine(String[] lines, int index, String replacement) {
        String[] copy = lines.clone();
        copy[index] = replacement;
        return String.join("\n", copy) + "\n";
    }
}
