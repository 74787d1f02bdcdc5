package io.dispatch.policy.core;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

class CoreArchitectureTest {

    static final JavaClasses CORE = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.dispatch.policy.core");

    @Test
    void the_core_uses_no_spring_no_jackson_and_not_the_simulator() {
        noClasses()
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "org.springframework..", "com.fasterxml..", "tools.jackson..", "io.dispatch.policy.sim..")
                .check(CORE);
    }

    @Test
    void the_core_does_no_io_and_starts_no_threads() {
        noClasses()
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("java.io..", "java.nio.file..", "java.net..", "java.util.concurrent..")
                .orShould()
                .dependOnClassesThat()
                .haveFullyQualifiedName(Thread.class.getName())
                .check(CORE);
    }

    @Test
    void the_core_reads_no_wall_clock_and_draws_no_unseeded_randomness() {
        noClasses()
                .should()
                .callMethod(java.time.Instant.class, "now")
                .orShould()
                .callMethod(System.class, "currentTimeMillis")
                .orShould()
                .callMethod(System.class, "nanoTime")
                .orShould()
                .callMethod(java.util.UUID.class, "randomUUID")
                .orShould()
                .dependOnClassesThat()
                .haveFullyQualifiedName(java.time.Clock.class.getName())
                .orShould()
                .dependOnClassesThat()
                .haveFullyQualifiedName(java.util.Random.class.getName())
                .check(CORE);
    }
}
