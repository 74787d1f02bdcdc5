package io.dispatch.events.signing;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * Merchants verify our webhooks with this library (it ships with merchant-client), and anyone may
 * copy it into their own receiver: it needs the JDK and nothing else.
 */
@AnalyzeClasses(packages = "io.dispatch.events.signing", importOptions = ImportOption.DoNotIncludeTests.class)
class BoundariesTest {

    @ArchTest
    static final ArchRule needs_the_jdk_only = classes()
            .should()
            .onlyDependOnClassesThat()
            .resideInAnyPackage("java..", "javax.crypto..", "io.dispatch.events.signing..");

    /** Every package is a slice, the module's root package too. */
    @ArchTest
    static final ArchRule no_two_packages_depend_on_each_other_in_a_cycle =
            slices().matching("io.dispatch.(**)").should().beFreeOfCycles();

    @ArchTest
    static final ArchRule a_domain_package_depends_on_no_application_infrastructure_or_web_package = noClasses()
            .that()
            .resideInAPackage("io.dispatch.events.signing..domain..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                    "io.dispatch.events.signing..application..",
                    "io.dispatch.events.signing..infrastructure..",
                    "io.dispatch.events.signing..web..")
            .allowEmptyShould(true);

    @ArchTest
    static final ArchRule an_application_package_depends_on_no_web_package = noClasses()
            .that()
            .resideInAPackage("io.dispatch.events.signing..application..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("io.dispatch.events.signing..web..")
            .allowEmptyShould(true);
}
