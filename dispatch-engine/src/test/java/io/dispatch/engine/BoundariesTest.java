package io.dispatch.engine;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The engine learns from the log and decides through command-service's HTTP routes (ADR 0040): it
 * uses no service's classes, and its packages depend on each other one way only.
 */
@AnalyzeClasses(packages = "io.dispatch.engine", importOptions = ImportOption.DoNotIncludeTests.class)
class BoundariesTest {

    @ArchTest
    static final ArchRule no_package_cycle_at_any_depth =
            slices().matching("io.dispatch.(**)").should().beFreeOfCycles();

    @ArchTest
    static final ArchRule never_uses_a_service = noClasses()
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                    "io.dispatch.command..", "io.dispatch.query..", "io.dispatch.webhook..", "io.dispatch.simulator..");
}
