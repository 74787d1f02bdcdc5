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

    @ArchTest
    static final ArchRule feature_packages_do_not_depend_on_each_other_in_a_cycle =
            slices().matching("io.dispatch.query.(*)..").should().beFreeOfCycles();
}
