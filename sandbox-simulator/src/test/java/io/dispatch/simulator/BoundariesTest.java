package io.dispatch.simulator;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The simulator is an outsider to the services: it drives the rider API over HTTP and reads the
 * shared events and identity tables, never a service's classes; its trip script knows no Spring.
 */
@AnalyzeClasses(packages = "io.dispatch.simulator", importOptions = ImportOption.DoNotIncludeTests.class)
class BoundariesTest {

    @ArchTest
    static final ArchRule parts_do_not_depend_on_each_other_in_a_cycle =
            slices().matching("io.dispatch.simulator.(*)..").should().beFreeOfCycles();

    @ArchTest
    static final ArchRule no_package_cycle_at_any_depth =
            slices().matching("io.dispatch.(**)").should().beFreeOfCycles();

    @ArchTest
    static final ArchRule never_uses_a_service = noClasses()
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("io.dispatch.command..", "io.dispatch.query..", "io.dispatch.webhook..");

    @ArchTest
    static final ArchRule the_trip_script_knows_nothing_of_spring_reactor_or_the_web = noClasses()
            .that()
            .resideInAPackage("..simulator.trip..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("org.springframework..", "reactor..", "io.dispatch.web..");
}
