package io.dispatch.web;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** What the services share knows nothing of the services, and its packages form no cycle. */
@AnalyzeClasses(packages = "io.dispatch.web", importOptions = ImportOption.DoNotIncludeTests.class)
class BoundariesTest {

    @ArchTest
    static final ArchRule never_uses_a_service = noClasses()
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("io.dispatch.command..", "io.dispatch.query..", "io.dispatch.webhook..");

    @ArchTest
    static final ArchRule packages_do_not_depend_on_each_other_in_a_cycle =
            slices().matching("io.dispatch.web.(*)..").should().beFreeOfCycles();

    /** Every package is a slice, the module's root package too. */
    @ArchTest
    static final ArchRule no_two_packages_depend_on_each_other_in_a_cycle =
            slices().matching("io.dispatch.(**)").should().beFreeOfCycles();

    @ArchTest
    static final ArchRule a_domain_package_depends_on_no_application_infrastructure_or_web_package = noClasses()
            .that()
            .resideInAPackage("io.dispatch.web..domain..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                    "io.dispatch.web..application..", "io.dispatch.web..infrastructure..", "io.dispatch.web..web..")
            .allowEmptyShould(true);

    @ArchTest
    static final ArchRule an_application_package_depends_on_no_web_package = noClasses()
            .that()
            .resideInAPackage("io.dispatch.web..application..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("io.dispatch.web..web..")
            .allowEmptyShould(true);
}
