package io.execplace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LiuCommandsTest {

    @Test
    void badSettingsExitWithTwoBeforeAnyWork(@TempDir Path dir) throws Exception {
        CliRunner.Result r = CliRunner.run("reproduce", "liu", "--episodes", "0", "--out", dir.resolve("x").toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("episodes");
        assertThat(dir.resolve("x")).doesNotExist();
        Path file = Files.writeString(dir.resolve("file"), "");
        CliRunner.Result f = CliRunner.run("reproduce", "liu", "--quick", "--out", file.toString());
        assertThat(f.exitCode()).isEqualTo(2);
        assertThat(f.err()).contains("is a file, not a folder");
        CliRunner.Result u = CliRunner.run("reproduce", "liu", "--quick", "--runs", "bernoulli,gamma", "--out",
                dir.resolve("y").toString());
        assertThat(u.exitCode()).isEqualTo(2);
        assertThat(u.err()).contains("--runs", "gamma");
        assertThat(dir.resolve("y")).doesNotExist();
        CliRunner.Result twice = CliRunner.run("reproduce", "liu", "--quick", "--runs", "beta,beta", "--out",
                dir.resolve("z").toString());
        assertThat(twice.exitCode()).isEqualTo(2);
        assertThat(dir.resolve("z")).doesNotExist();
    }

    /** train-liu and heldout --study liu read --apps by one rule (LiuApps): the same range, refused alike. */
    @Test
    void appsOutsideTheRangeAreRefusedAlikeBeforeAnyWork(@TempDir Path dir) throws Exception {
        CliRunner.Result train = CliRunner.run("train-liu", "--quick", "--apps", "0", "-q", "--out", dir.resolve("a").toString());
        assertThat(train.exitCode()).isEqualTo(2);
        assertThat(train.err()).contains("--apps", "must be in 1..100000, got 0");
        assertThat(dir.resolve("a")).doesNotExist();
        CliRunner.Result heldOut = CliRunner.run("heldout", "--study", "liu", "--managers", "sf-e", "--apps", "100001",
                "--out", dir.resolve("b").toString());
        assertThat(heldOut.exitCode()).isEqualTo(2);
        assertThat(heldOut.err()).contains("--apps", "must be in 1..100000, got 100001");
        assertThat(dir.resolve("b")).doesNotExist();
    }

    @Test
    void trainLiuWritesAnAgentThatHeldOutRunsBesideTheReferences(@TempDir Path dir) throws Exception {
        // --out is a folder, as train's: DIR/agent.xprl, used as agent:DIR.
        Path agent = dir.resolve("pairs");
        CliRunner.Result t = CliRunner.run("train-liu", "--quick", "--apps", "40", "--arrivals", "beta", "-q",
                "--out", agent.toString());
        assertThat(t.exitCode()).as(t.err()).isEqualTo(0);
        assertThat(t.out()).contains("wrote " + agent.resolve("agent.xprl") + " (manager agent:" + agent + ";");
        assertThat(t.err()).doesNotContain("deprecated");
        assertThat(agent.resolve("agent.xprl")).isRegularFile();
        Path out = dir.resolve("ho");
        CliRunner.Result h = CliRunner.run("heldout", "--study", "liu", "--arrivals", "beta", "--apps", "40",
                "--held-out", "3", "--managers", "sf-e,outlook,agent:" + agent, "--out", out.toString(), "-q");
        assertThat(h.exitCode()).as(h.err()).isEqualTo(0);
        assertThat(h.out()).contains("3 held-out workloads of 40 applications", "outlook", "agent:" + agent);
        List<String> csv = Files.readAllLines(out.resolve("heldout.csv"));
        assertThat(csv).hasSize(4);
        assertThat(csv.get(0)).isEqualTo("manager,mean_tmdl,tmdl_ci95,mean_ajdr,ajdr_ci95,score_a,tmdl_ratio_vs_sf_e");
        assertThat(csv.get(1)).startsWith("sf-e,");
        assertThat(csv).allSatisfy(line -> assertThat(line.split(",", -1)).hasSize(7));
        assertThat(csv.get(3)).startsWith("agent:" + agent + ",");
        // JSON: numbers stay numbers
        CliRunner.Result j = CliRunner.run("heldout", "--study", "liu", "--arrivals", "eased", "--apps", "30",
                "--held-out", "2", "--managers", "sf-now", "--json");
        assertThat(j.exitCode()).as(j.err()).isEqualTo(0);
        assertThat(j.out().replace(" ", "")).contains("\"study\":\"liu\"", "\"arrivals\":\"eased\"").doesNotContain("\"NaN\"");
    }

    @Test
    void heldOutLiuRefusesBadInputBeforeAnyRun(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("ho");
        String[][] bad = {
                {"--managers", "sf-e,nobody"},
                {"--managers", "sf-e,sf-e"},
                {"--managers", "sf-e", "--arrivals", "gamma"},
                {"--managers", "sf-e", "--workload", "tpds-burst"},
                {"--managers", "sf-e", "--held-out", "1"},
                {"--managers", "agent:" + dir.resolve("missing.xprl")},
                {"--arrivals", "uniform"},
        };
        for (String[] b : bad) {
            List<String> args = new java.util.ArrayList<>(List.of("heldout", "--study", "liu", "--out", out.toString()));
            args.addAll(List.of(b));
            CliRunner.Result r = CliRunner.run(args.toArray(new String[0]));
            assertThat(r.exitCode()).as(String.join(" ", args) + "\n" + r.err()).isEqualTo(2);
            assertThat(r.err().lines().count()).as(r.err()).isLessThanOrEqualTo(2);
            assertThat(r.err()).doesNotContain("Exception");
            assertThat(out).doesNotExist();
        }
        CliRunner.Result plain = CliRunner.run("heldout", "--workload", "tpds-burst", "--schedulers", "first-fit",
                "--managers", "sf-e");
        assertThat(plain.exitCode()).isEqualTo(2);
        assertThat(plain.err()).contains("--managers", "--study liu");
    }

    @Test
    void anAgentThatTrainedOnTheHeldOutSeedsIsRefused(@TempDir Path dir) throws Exception {
        // The old file form still works, saying once, after the run, that it is deprecated.
        Path agent = dir.resolve("pairs.xprl");
        CliRunner.Result t = CliRunner.run("train-liu", "--quick", "--apps", "20", "--seed", "2", "-q", "--out", agent.toString());
        assertThat(t.exitCode()).as(t.err()).isEqualTo(0);
        assertThat(agent).isRegularFile();
        assertThat(t.err().strip()).isEqualTo("execplace: warning: --out FILE.xprl is deprecated; use --out DIR (writes "
                + "DIR/agent.xprl)");
        long firstTrainingSeed = 2 * 1_000_003L;
        CliRunner.Result r = CliRunner.run("heldout", "--study", "liu", "--managers", "sf-e,agent:" + agent,
                "--held-out-seed", Long.toString(firstTrainingSeed + 3), "--held-out", "5", "--apps", "20");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("--held-out-seed", "overlap the training seeds");
    }

    @Test
    void theOldAndTheNewNameOfNoPairManagerTogetherAreRefused(@TempDir Path dir) {
        CliRunner.Result r = CliRunner.run("reproduce", "liu", "--quick", "--no-pairs", "--no-pair-manager",
                "--out", dir.resolve("liu").toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("--no-pairs: is the old name of --no-pair-manager");
    }

    @Test
    void reproduceLiuPrintsItsHeadlineAndTableII(@TempDir Path dir) {
        Path out = dir.resolve("liu");
        CliRunner.Result r = CliRunner.run("reproduce", "liu", "--quick", "--episodes", "2", "--apps", "20",
                "--test-episodes", "2", "--curve-points", "1", "--curve-episodes", "1", "--runs", "uniform", "--no-pairs",
                "--threads", "1", "-q", "--out", out.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        // --no-pairs is the old name of --no-pair-manager ("pairs" is the size-free pair agent's): it still works.
        assertThat(r.err()).contains("--no-pairs is deprecated; use --no-pair-manager");
        List<String> lines = r.out().strip().lines().toList();
        assertThat(lines.get(0)).startsWith("Mean missed deadlines per episode (TMDL, lower is better)");
        assertThat(r.out().replace('\n', ' ')).contains(" uniform ").contains("Table II: agent against SF-E")
                .contains("Score-A");
        assertThat(lines.get(lines.size() - 1)).startsWith("wrote ").endsWith(out.resolve("index.html").toString());
    }
}
