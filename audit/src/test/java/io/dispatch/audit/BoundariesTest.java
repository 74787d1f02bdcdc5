package io.dispatch.audit;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The audit reads the log and the read models and uses no service's classes: the events come
 * through {@code DeliveryLog}, the tables by SQL. Inside, the comparisons are plain Java.
 */
@AnalyzeClasses(packages = "io.dispatch.audit", importOptions = ImportOption.DoNotIncludeTests.class)
class BoundariesTest {

    @ArchTest
    static final ArchRule uses_no_service = noClasses()
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                    "io.dispatch.command..", "io.dispatch.query..", "io.dispatch.webhook..", "org.axonframework..");

    @ArchTest
    static final ArchRule no_package_cycle =
            slices().matching("io.dispatch.(**)").should().beFreeOfCycles();

    @ArchTest
    static final ArchRule the_comparisons_know_nothing_of_spring_or_the_web = noClasses()
            .that()
            .resideInAPackage("io.dispatch.audit.domain..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                    "org.springframework..",
                    "reactor..",
                    "io.dispatch.web..",
                    "io.dispatch.audit.application..",
                    "io.dispatch.audit.infrastructure..",
                    "io.dispatch.audit.web..");

    @ArchTest
    static final ArchRule the_application_knows_nothing_of_the_web = noClasses()
            .that()
            .resideInAPackage("io.dispatch.audit.application..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("io.dispatch.audit.web..", "io.dispatch.web..");
}
