package io.dispatch.accounts;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * Accounts know who signs in and nothing of what a delivery is: they use shared-web and no
 * service's code, so every service (and the console's operator accounts) can host them.
 */
@AnalyzeClasses(packages = "io.dispatch.accounts", importOptions = ImportOption.DoNotIncludeTests.class)
class BoundariesTest {

    @ArchTest
    static final ArchRule uses_no_service_and_no_event = noClasses()
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                    "io.dispatch.command..",
                    "io.dispatch.query..",
                    "io.dispatch.webhook..",
                    "io.dispatch.events..",
                    "io.dispatch.kafka..",
                    "io.dispatch.simulator..");

    @ArchTest
    static final ArchRule no_package_cycle =
            slices().matching("io.dispatch.(**)").should().beFreeOfCycles();

    @ArchTest
    static final ArchRule merchant_accounts_know_nothing_of_the_dashboard = noClasses()
            .that()
            .resideInAPackage("io.dispatch.accounts.merchant..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("io.dispatch.accounts.dashboard..");
}
