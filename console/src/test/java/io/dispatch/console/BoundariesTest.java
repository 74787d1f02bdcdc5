package io.dispatch.console;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The console is pages and a client of the operator API: it uses shared-web and no service's,
 * accounts' or events' code, so any service can serve it and it changes no rule of the API.
 */
@AnalyzeClasses(packages = "io.dispatch.console", importOptions = ImportOption.DoNotIncludeTests.class)
class BoundariesTest {

    @ArchTest
    static final ArchRule uses_no_service_no_account_and_no_event = noClasses()
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                    "io.dispatch.command..",
                    "io.dispatch.query..",
                    "io.dispatch.webhook..",
                    "io.dispatch.engine..",
                    "io.dispatch.accounts..",
                    "io.dispatch.audit..",
                    "io.dispatch.events..",
                    "io.dispatch.kafka..",
                    "io.dispatch.simulator..");

    @ArchTest
    static final ArchRule no_package_cycle =
            slices().matching("io.dispatch.(**)").should().beFreeOfCycles();
}
