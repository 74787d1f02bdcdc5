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
}
