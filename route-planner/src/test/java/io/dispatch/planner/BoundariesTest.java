package io.dispatch.planner;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The planner is plain Java (ADR 0041, docs/route-planner.md): no framework, no other module of ours, and only the
 * benchmark's mains read files.
 */
@AnalyzeClasses(packages = "io.dispatch.planner", importOptions = ImportOption.DoNotIncludeTests.class)
class BoundariesTest {

    @ArchTest
    static final ArchRule depends_on_nothing_but_the_jdk =
            classes().should().onlyDependOnClassesThat().resideInAnyPackage("io.dispatch.planner..", "java..");

    @ArchTest
    static final ArchRule the_solver_does_no_io_only_the_benchmark_reads_files = noClasses()
            .that()
            .resideInAPackage("io.dispatch.planner")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("java.io..", "java.nio.file..", "java.net..");

    @ArchTest
    static final ArchRule the_solver_does_not_use_the_benchmark = noClasses()
            .that()
            .resideInAPackage("io.dispatch.planner")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("io.dispatch.planner.bench..");

    @ArchTest
    static final ArchRule planner_packages_do_not_depend_on_each_other_in_a_cycle =
            slices().matching("io.dispatch.(**)").should().beFreeOfCycles();
}
