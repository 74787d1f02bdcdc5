package io.dispatch.logreport;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** The report reads the log as an outsider: only the shared events, never a service's classes. */
@AnalyzeClasses(packages = "io.dispatch.logreport", importOptions = ImportOption.DoNotIncludeTests.class)
class BoundariesTest {

    @ArchTest
    static final ArchRule never_uses_a_service = noClasses()
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                    "org.springframework..",
                    "io.dispatch.web..",
                    "io.dispatch.command..",
                    "io.dispatch.query..",
                    "io.dispatch.webhook..");

    @ArchTest
    static final ArchRule packages_do_not_depend_on_each_other_in_a_cycle =
            slices().matching("io.dispatch.logreport.(*)..").should().beFreeOfCycles();

    /** Every package is a slice, the module's root package too. */
    @ArchTest
    static final ArchRule no_two_packages_depend_on_each_other_in_a_cycle =
            slices().matching("io.dispatch.(**)").should().beFreeOfCycles();

    @ArchTest
    static final ArchRule a_domain_package_depends_on_no_application_infrastructure_or_web_package = noClasses()
            .that()
            .resideInAPackage("io.dispatch.logreport..domain..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                    "io.dispatch.logreport..application..",
                    "io.dispatch.logreport..infrastructure..",
                    "io.dispatch.logreport..web..")
            .allowEmptyShould(true);

    @ArchTest
    static final ArchRule an_application_package_depends_on_no_web_package = noClasses()
            .that()
            .resideInAPackage("io.dispatch.logreport..application..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("io.dispatch.logreport..web..")
            .allowEmptyShould(true);
}
