package io.dispatch.query;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** The read side learns about dispatches only from the log, never from the services that write it. */
@AnalyzeClasses(packages = "io.dispatch.query", importOptions = ImportOption.DoNotIncludeTests.class)
class BoundariesTest {

    @ArchTest
    static final ArchRule never_uses_command_service_or_webhook_dispatcher = noClasses()
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("io.dispatch.command..", "io.dispatch.webhook..");

    /** The simulator and the log's reader serve the console's what-if only (docs/adr/0052-what-if-jobs.md). */
    @ArchTest
    static final ArchRule only_the_what_if_runs_the_simulator_or_reads_the_log_as_a_scenario = noClasses()
            .that()
            .resideOutsideOfPackage("io.dispatch.query.whatif..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("io.dispatch.policy..", "io.dispatch.logreport..");

    @ArchTest
    static final ArchRule feature_packages_do_not_depend_on_each_other_in_a_cycle =
            slices().matching("io.dispatch.query.(*)..").should().beFreeOfCycles();

    /** Every package is a slice, the module's root package too. */
    @ArchTest
    static final ArchRule no_two_packages_depend_on_each_other_in_a_cycle =
            slices().matching("io.dispatch.(**)").should().beFreeOfCycles();

    @ArchTest
    static final ArchRule a_domain_package_depends_on_no_application_infrastructure_or_web_package = noClasses()
            .that()
            .resideInAPackage("io.dispatch.query..domain..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                    "io.dispatch.query..application..",
                    "io.dispatch.query..infrastructure..",
                    "io.dispatch.query..web..")
            .allowEmptyShould(true);

    @ArchTest
    static final ArchRule an_application_package_depends_on_no_web_package = noClasses()
            .that()
            .resideInAPackage("io.dispatch.query..application..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("io.dispatch.query..web..")
            .allowEmptyShould(true);
}
