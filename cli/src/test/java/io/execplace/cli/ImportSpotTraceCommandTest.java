package io.execplace.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * import-spot-trace from SpotLake-schema rows (written here, not SpotLake's data) to a trace a cluster
 * file runs with, and its refusals.
 */
class ImportSpotTraceCommandTest {

    @TempDir
    Path dir;

    @Test
    void importsAWindowAndAClusterFileRunsOnIt() throws IOException {
        Path snapshots = dir.resolve("snap.csv");
        Files.writeString(snapshots, String.join("\n",
                "Time,InstanceType,Region,AZ,SPS,T3,T2,IF,OndemandPrice,SpotPrice,Savings",
                "2025-03-01 00:00:00,m7g.xlarge,us-east-1,use1-az1,3,10,10,3.0,0.1632,0.0620,62",
                "2025-03-01 00:10:00,m7g.xlarge,us-east-1,use1-az1,1,0,0,3.0,0.1632,0.0620,62",
                "2025-03-01 00:20:00,m7g.xlarge,us-east-1,use1-az1,1,0,0,3.0,0.1632,0.0620,62",
                "2025-03-01 00:30:00,m7g.xlarge,us-east-1,use1-az1,2,0,5,3.0,0.1632,0.0620,62", ""));
        Path trace = dir.resolve("spot.csv");
        CliRunner.Result r = CliRunner.run("import-spot-trace", snapshots.toString(), "--instance-type", "m7g.xlarge",
                "--az", "use1-az1", "--out", trace.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.err()).contains("4 snapshots over 0.7 h").contains("1 windows without capacity, 50.0 %")
                .contains("interruptionBand \"<5\"");
        assertThat(Files.readAllLines(trace)).contains("fromSeconds,toSeconds", "600,1800");

        Path cluster = dir.resolve("c.yaml");
        Files.writeString(cluster, """
                nodePools:
                  - name: spot
                    capacityType: spot
                    instanceTypes:
                      - {name: m7g.xlarge, cores: 4, memoryGb: 16, onDemandPricePerHour: 0.1632, spotPricePerHour: 0.062}
                    availabilityTrace: spot.csv
                  - name: od
                    instanceTypes:
                      - {name: m7g.xlarge, cores: 4, memoryGb: 16, onDemandPricePerHour: 0.1632}
                """);
        CliRunner.Result sim = CliRunner.run("simulate", "--cluster", cluster.toString(), "--workload", "hybrid-medium",
                "--scheduler", "uniform-progress");
        assertThat(sim.exitCode()).as(sim.err()).isZero();
    }

    @Test
    void badInputExitsTwoWithOneLine() throws IOException {
        Path notSpotLake = dir.resolve("x.csv");
        Files.writeString(notSpotLake, "a,b\n1,2\n");
        CliRunner.Result r = CliRunner.run("import-spot-trace", notSpotLake.toString(), "--instance-type", "m7g.xlarge",
                "--az", "use1-az1", "--out", dir.resolve("t.csv").toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("x.csv").contains("not a SpotLake snapshot");
        assertThat(dir.resolve("t.csv")).doesNotExist();
        CliRunner.Result nodes = CliRunner.run("import-spot-trace", notSpotLake.toString(), "--instance-type", "m7g.xlarge",
                "--az", "use1-az1", "--min-score", "1", "--nodes", "4", "--out", dir.resolve("t.csv").toString());
        assertThat(nodes.exitCode()).isEqualTo(2);
        assertThat(nodes.err()).contains("--nodes");
    }
}
