package io.dispatch.infrastructure;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The embedded broker and database (and the tests' webhook receiver) are the same for every
 * service, so they know none: a service changes without touching what it runs on.
 */
@AnalyzeClasses(packages = "io.dispatch.infrastructure", importOptions = ImportOption.DoNotIncludeTests.class)
class BoundariesTest {

    @ArchTest
    static final ArchRule knows_no_service = noClasses()
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                    "io.dispatch.web..",
                    "io.dispatch.command..",
                    "io.dispatch.query..",
                    "io.dispatch.webhook..",
                    "io.dispatch.simulator..",
                    "io.dispatch.events..",
                    "org.springframework..");

    /** Every package is a slice, the module's root package too. */
    @ArchTest
    static final ArchRule no_two_packages_depend_on_each_other_in_a_cycle =
            slices().matching("io.dispatch.(**)").should().beFreeOfCycles();

    @ArchTest
    static final ArchRule a_domain_package_depends_on_no_application_infrastructure_or_web_package = noClasses()
            .that()
            .resideInAPackage("io.dispatch.infrastructure..domain..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                    "io.dispatch.infrastructure..application..",
                    "io.dispatch.infrastructure..infrastructure..",
                    "io.dispatch.infrastructure..web..")
            .allowEmptyShould(true);

    @ArchTest
    static final ArchRule an_application_package_depends_on_no_web_package = noClasses()
            .that()
            .resideInAPackage("io.dispatch.infrastructure..application..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("io.dispatch.infrastructure..web..")
            .allowEmptyShould(true);
}
