package io.dispatch.webhook;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** The dispatcher learns about deliveries only from the log, never from the services that write it. */
@AnalyzeClasses(packages = "io.dispatch.webhook", importOptions = ImportOption.DoNotIncludeTests.class)
class BoundariesTest {

    @ArchTest
    static final ArchRule never_uses_command_or_query_service = noClasses()
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("io.dispatch.command..", "io.dispatch.query..");

    @ArchTest
    static final ArchRule address_checks_know_nothing_of_spring_web_or_the_database = noClasses()
            .that()
            .haveSimpleName("TargetAddresses")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("org.springframework..", "java.sql..");

    @ArchTest
    static final ArchRule feature_packages_do_not_depend_on_each_other_in_a_cycle =
            slices().matching("io.dispatch.webhook.(*)..").should().beFreeOfCycles();

    /** Every package is a slice, the module's root package too. */
    @ArchTest
    static final ArchRule no_two_packages_depend_on_each_other_in_a_cycle =
            slices().matching("io.dispatch.(**)").should().beFreeOfCycles();

    @ArchTest
    static final ArchRule a_domain_package_depends_on_no_application_infrastructure_or_web_package = noClasses()
            .that()
            .resideInAPackage("io.dispatch.webhook..domain..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                    "io.dispatch.webhook..application..",
                    "io.dispatch.webhook..infrastructure..",
                    "io.dispatch.webhook..web..")
            .allowEmptyShould(true);

    @ArchTest
    static final ArchRule an_application_package_depends_on_no_web_package = noClasses()
            .that()
            .resideInAPackage("io.dispatch.webhook..application..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("io.dispatch.webhook..web..")
            .allowEmptyShould(true);
}
