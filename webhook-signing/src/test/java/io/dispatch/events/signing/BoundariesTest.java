package io.dispatch.events.signing;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

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
}
