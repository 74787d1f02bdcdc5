package io.dispatch.kafka;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** The Kafka machinery sits on top of shared-web and serves every service, so it knows none of them. */
@AnalyzeClasses(packages = "io.dispatch.kafka", importOptions = ImportOption.DoNotIncludeTests.class)
class BoundariesTest {

    @ArchTest
    static final ArchRule knows_no_service = noClasses()
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                    "io.dispatch.command..", "io.dispatch.query..", "io.dispatch.webhook..", "io.dispatch.simulator..");

    @ArchTest
    static final ArchRule packages_do_not_depend_on_each_other_in_a_cycle =
            slices().matching("io.dispatch.kafka.(*)..").should().beFreeOfCycles();

    /** Every package is a slice, the module's root package too. */
    @ArchTest
    static final ArchRule no_two_packages_depend_on_each_other_in_a_cycle =
            slices().matching("io.dispatch.(**)").should().beFreeOfCycles();

    @ArchTest
    static final ArchRule a_domain_package_depends_on_no_application_infrastructure_or_web_package = noClasses()
            .that()
            .resideInAPackage("io.dispatch.kafka..domain..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                    "io.dispatch.kafka..application..",
                    "io.dispatch.kafka..infrastructure..",
                    "io.dispatch.kafka..web..")
            .allowEmptyShould(true);

    @ArchTest
    static final ArchRule an_application_package_depends_on_no_web_package = noClasses()
            .that()
            .resideInAPackage("io.dispatch.kafka..application..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("io.dispatch.kafka..web..")
            .allowEmptyShould(true);
}
