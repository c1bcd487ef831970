package io.execplace.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;

/**
 * The package rules of the whole tree: every main class of every module (this module's test class path
 * holds them all) uses only the execplace packages its package-info.java allows.
 */
@AnalyzeClasses(locations = ExecplaceModules.class, importOptions = ImportOption.DoNotIncludeTests.class)
class PackageImportRulesTest {

    /** A method, not a rule field, so that a package-info without its sentence fails this test, not discovery. */
    @ArchTest
    static void everyPackageUsesOnlyWhatItsPackageInfoAllows(JavaClasses classes) {
        PackageRules.read(RepoRoot.find()).rule().check(classes);
    }
}
