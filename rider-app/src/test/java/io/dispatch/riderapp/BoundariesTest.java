package io.dispatch.riderapp;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.type;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import io.dispatch.web.security.ServedRoutes;

/**
 * The rider app is pages and assets: its Java serves them and knows nothing of the services, the
 * events or shared-web beyond the declaration of the routes it serves ({@code ServedRoutes}). Its
 * data is the rider API, reached by the browser like any client.
 */
@AnalyzeClasses(packages = "io.dispatch.riderapp", importOptions = ImportOption.DoNotIncludeTests.class)
class BoundariesTest {

    @ArchTest
    static final ArchRule uses_no_other_module = noClasses()
            .should()
            .dependOnClassesThat(resideInAPackage("io.dispatch..")
                    .and(not(resideInAPackage("io.dispatch.riderapp..")))
                    .and(not(type(ServedRoutes.class))));
}
