package io.dispatch.query;

import io.dispatch.infrastructure.SharedTestInfrastructure;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * query-service alone in a Spring context, as the tests that start one use it: {@code
 * @SpringBootTest(classes = QueryServiceTestApp.class)} with a {@code @DynamicPropertySource} that
 * calls {@link #infrastructure} and adds its own settings.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
@Import(QueryServiceConfiguration.class)
public class QueryServiceTestApp {

    /** The shared Kafka broker and PostgreSQL, a database of the test class's own, and an admin token. */
    public static void infrastructure(DynamicPropertyRegistry registry) {
        SharedTestInfrastructure.get()
                .springProperties(SharedTestInfrastructure.newDatabase())
                .forEach((key, value) -> registry.add(key, () -> value));
        registry.add("dispatch.admin-token", () -> "test");
    }
}
