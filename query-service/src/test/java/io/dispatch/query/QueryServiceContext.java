package io.dispatch.query;

import io.dispatch.infrastructure.SharedTestInfrastructure;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Import;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The tests that start query-service alone in a Spring context extend this: on the shared Kafka
 * broker and PostgreSQL, with a database of the test class's own (a subclass adds settings with a
 * {@code @DynamicPropertySource} of its own). The context is closed after the class: its Kafka
 * consumers join the projections' consumer groups on the shared broker and would take partitions
 * away from later test classes.
 */
@SpringBootTest(classes = QueryServiceContext.App.class, webEnvironment = SpringBootTest.WebEnvironment.NONE)
@DirtiesContext
public abstract class QueryServiceContext {

    @SpringBootConfiguration
    @EnableAutoConfiguration
    @Import(QueryServiceConfiguration.class)
    public static class App {}

    @DynamicPropertySource
    static void sharedInfrastructure(DynamicPropertyRegistry registry) {
        SharedTestInfrastructure.get()
                .springProperties(SharedTestInfrastructure.newDatabase())
                .forEach((key, value) -> registry.add(key, () -> value));
        registry.add("dispatch.admin-token", () -> "test");
    }
}
