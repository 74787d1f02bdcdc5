package io.dispatch.events;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** The events every service shares are plain Java: no Spring, no web, no service's classes. */
@AnalyzeClasses(packages = "io.dispatch.events", importOptions = ImportOption.DoNotIncludeTests.class)
class BoundariesTest {

    @ArchTest
    static final ArchRule knows_nothing_of_spring_or_the_services = noClasses()
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                    "org.springframework..",
                    "reactor..",
                    "io.dispatch.web..",
                    "io.dispatch.command..",
                    "io.dispatch.query..",
                    "io.dispatch.webhook..");

    @ArchTest
    static final ArchRule packages_do_not_depend_on_each_other_in_a_cycle =
            slices().matching("io.dispatch.events.(*)..").should().beFreeOfCycles();

    /** Every package is a slice, the module's root package too. */
    @ArchTest
    static final ArchRule no_two_packages_depend_on_each_other_in_a_cycle =
            slices().matching("io.dispatch.(**)").should().beFreeOfCycles();

    @ArchTest
    static final ArchRule a_domain_package_depends_on_no_application_infrastructure_or_web_package = noClasses()
            .that()
            .resideInAPackage("io.dispatch.events..domain..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                    "io.dispatch.events..application..",
                    "io.dispatch.events..infrastructure..",
                    "io.dispatch.events..web..")
            .allowEmptyShould(true);

    @ArchTest
    static final ArchRule an_application_package_depends_on_no_web_package = noClasses()
            .that()
            .resideInAPackage("io.dispatch.events..application..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("io.dispatch.events..web..")
            .allowEmptyShould(true);
}
