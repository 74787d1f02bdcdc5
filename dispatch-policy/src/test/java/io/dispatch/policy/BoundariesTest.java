package io.dispatch.policy;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The core is pure (ADR 0039): facts and clock ticks in, decisions out, the same code live, in tests and in the
 * simulator. It knows nothing but the JDK and the route planner (no Spring, Reactor, Kafka, Axon, Jackson, nor the
 * simulator), does no I/O, starts no threads and reads no clock. The simulator runs the core as the engine does, but
 * without the engine or its frameworks.
 */
@AnalyzeClasses(packages = "io.dispatch.policy", importOptions = ImportOption.DoNotIncludeTests.class)
class BoundariesTest {

    private static final String CORE = "io.dispatch.policy.core..";

    @ArchTest
    static final ArchRule the_core_depends_only_on_the_jdk_and_the_route_planner = classes()
            .that()
            .resideInAPackage(CORE)
            .should()
            .onlyDependOnClassesThat()
            .resideInAnyPackage(CORE, "io.dispatch.planner..", "java..");

    @ArchTest
    static final ArchRule the_core_does_no_io_and_starts_no_threads = noClasses()
            .that()
            .resideInAPackage(CORE)
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("java.io..", "java.nio.file..", "java.net..", "java.util.concurrent..")
            .orShould()
            .dependOnClassesThat()
            .haveFullyQualifiedName(Thread.class.getName());

    @ArchTest
    static final ArchRule the_core_reads_no_wall_clock_and_draws_no_unseeded_randomness = noClasses()
            .that()
            .resideInAPackage(CORE)
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
            .haveFullyQualifiedName(java.util.Random.class.getName());

    @ArchTest
    static final ArchRule the_module_uses_no_framework_and_of_our_modules_only_the_route_planner = noClasses()
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("org.springframework..", "reactor..", "org.apache.kafka..", "org.axonframework..")
            .orShould()
            .dependOnClassesThat(resideInAPackage("io.dispatch..")
                    .and(not(resideInAnyPackage("io.dispatch.policy..", "io.dispatch.planner.."))));

    @ArchTest
    static final ArchRule policy_packages_do_not_depend_on_each_other_in_a_cycle =
            slices().matching("io.dispatch.(**)").should().beFreeOfCycles();
}
