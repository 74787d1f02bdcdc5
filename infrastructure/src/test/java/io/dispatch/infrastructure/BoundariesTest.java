package io.dispatch.infrastructure;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The embedded broker and database (and the tests' webhook receiver) are the same for every
 * service, so they know none: a service changes without touching what it runs on.
 */
@AnalyzeClasses(packages = "io.dispatch.infrastructure", importOptions = ImportOption.DoNotIncludeTests.class)
class BoundariesTest {

    @ArchTest
    static final ArchRule knows_no_service = noClasses()
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                    "io.dispatch.web..",
                    "io.dispatch.command..",
                    "io.dispatch.query..",
                    "io.dispatch.webhook..",
                    "io.dispatch.simulator..",
                    "io.dispatch.events..",
                    "org.springframework..");
}
