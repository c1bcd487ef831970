package io.execplace.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.EvaluationResult;
import io.execplace.core.sim.EventKernel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The reader of the "May import" sentences and the rule built from them, on rules that are broken on purpose. */
class PackageRulesTest {

    private static final String SIM = EventKernel.class.getPackageName();
    private static final String MODEL = "io.execplace.core.model";

    @TempDir
    Path tmp;

    @Test
    void theRuleReportsAnEdgeItsPackageInfoDoesNotAllow() {
        PackageRules real = PackageRules.read(RepoRoot.find());
        assertThat(real.allowed().get(SIM)).contains(MODEL);
        Map<String, Set<String>> narrowed = new HashMap<>(real.allowed());
        Set<String> simMay = new HashSet<>(narrowed.get(SIM));
        simMay.remove(MODEL);
        narrowed.put(SIM, Set.copyOf(simMay));

        JavaClasses sim = new ClassFileImporter().importClasses(EventKernel.class);
        EvaluationResult kept = real.rule().evaluate(sim);
        EvaluationResult broken = new PackageRules(narrowed).rule().evaluate(sim);

        assertThat(kept.hasViolation()).as(kept.getFailureReport().toString()).isFalse();
        assertThat(broken.getFailureReport().getDetails())
                .anyMatch(line -> line.contains("io.execplace.core.sim.EventKernel uses " + MODEL
                        + ", which " + SIM + "'s package-info does not allow"));
    }

    @Test
    void aClassWhosePackageHasNoPackageInfoIsAViolation() {
        Map<String, Set<String>> withoutSim = new HashMap<>(PackageRules.read(RepoRoot.find()).allowed());
        withoutSim.remove(SIM);
        JavaClasses sim = new ClassFileImporter().importClasses(EventKernel.class);

        assertThat(new PackageRules(withoutSim).rule().evaluate(sim).getFailureReport().getDetails())
                .anyMatch(line -> line.contains("package " + SIM + " (of ") && line.contains("has no main package-info.java"));
    }

    @Test
    void readsNamesAcrossLineBreaksFullOrShortAndTheNothingForm() throws IOException {
        packageInfo("a", "io.execplace.a", "/**\n * Leaf.\n *\n * <p>May import nothing of execplace.\n */\n");
        packageInfo("b", "io.execplace.b", "/**\n * B.\n *\n * <p>May import {@code a}, {@code\n * io.execplace.c} and the JDK.\n */\n");
        packageInfo("c", "io.execplace.c", "/**\n * C, then a later sentence. May import {@code a}.\n */\n");

        Map<String, Set<String>> allowed = PackageRules.read(tmp).allowed();

        assertThat(allowed).containsOnlyKeys("io.execplace.a", "io.execplace.b", "io.execplace.c");
        assertThat(allowed.get("io.execplace.a")).isEmpty();
        assertThat(allowed.get("io.execplace.b")).containsExactlyInAnyOrder("io.execplace.a", "io.execplace.c");
        assertThat(allowed.get("io.execplace.c")).containsExactly("io.execplace.a");
    }

    @Test
    void aPackageInfoWithoutTheSentenceIsRefusedNamingTheFile() throws IOException {
        Path file = packageInfo("a", "io.execplace.a", "/** Imports nothing of execplace. */\n");

        assertThatThrownBy(() -> PackageRules.read(tmp))
                .hasMessageContaining(file.toString())
                .hasMessageContaining("no \"May import ...\" sentence");
    }

    @Test
    void aRuleNamingAnUnknownPackageIsRefused() throws IOException {
        packageInfo("a", "io.execplace.a", "/** <p>May import {@code core.modle}. */\n");

        assertThatThrownBy(() -> PackageRules.read(tmp))
                .hasMessageContaining("io.execplace.a's package-info names io.execplace.core.modle");
    }

    private Path packageInfo(String folder, String pkg, String javadoc) throws IOException {
        Path dir = tmp.resolve("m").resolve("src/main/java").resolve(folder);
        Files.createDirectories(dir);
        return Files.writeString(dir.resolve("package-info.java"), javadoc + "package " + pkg + ";\n");
    }
}
