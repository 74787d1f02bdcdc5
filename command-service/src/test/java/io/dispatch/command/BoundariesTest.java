package io.dispatch.command;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** Features depend on each other one way only, and the domain model is plain Java. */
@AnalyzeClasses(packages = "io.dispatch.command", importOptions = ImportOption.DoNotIncludeTests.class)
class BoundariesTest {

    @ArchTest
    static final ArchRule feature_packages_do_not_depend_on_each_other_in_a_cycle =
            slices().matching("io.dispatch.command.(*)..").should().beFreeOfCycles();

    @ArchTest
    static final ArchRule the_domain_knows_nothing_of_spring_reactor_or_the_web = noClasses()
            .that()
            .resideInAPackage("..domain..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("org.springframework..", "reactor..", "io.dispatch.web..", "jakarta.servlet..");

    @ArchTest
    static final ArchRule never_uses_query_service_or_webhook_dispatcher = noClasses()
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("io.dispatch.query..", "io.dispatch.webhook..");

    /** Every package is a slice, the module's root package too. */
    @ArchTest
    static final ArchRule no_two_packages_depend_on_each_other_in_a_cycle =
            slices().matching("io.dispatch.(**)").should().beFreeOfCycles();

    @ArchTest
    static final ArchRule a_domain_package_depends_on_no_application_infrastructure_or_web_package = noClasses()
            .that()
            .resideInAPackage("io.dispatch.command..domain..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                    "io.dispatch.command..application..",
                    "io.dispatch.command..infrastructure..",
                    "io.dispatch.command..web..")
            .allowEmptyShould(true);

    @ArchTest
    static final ArchRule an_application_package_depends_on_no_web_package = noClasses()
            .that()
            .resideInAPackage("io.dispatch.command..application..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("io.dispatch.command..web..")
            .allowEmptyShould(true);
}
