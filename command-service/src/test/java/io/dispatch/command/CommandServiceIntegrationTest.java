package io.dispatch.command;

import io.dispatch.infrastructure.SharedTestInfrastructure;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * command-service against the shared real Kafka broker and a fresh PostgreSQL database; every
 * subclass shares the one Spring context.
 */
@SpringBootTest(classes = CommandServiceIntegrationTest.App.class, webEnvironment = SpringBootTest.WebEnvironment.NONE)
public abstract class CommandServiceIntegrationTest {

    @SpringBootConfiguration
    @EnableAutoConfiguration
    @Import(CommandServiceConfiguration.class)
    static class App {}

    @DynamicPropertySource
    static void infrastructure(DynamicPropertyRegistry registry) {
        SharedTestInfrastructure.get()
                .springProperties(SharedTestInfrastructure.newDatabase())
                .forEach((key, value) -> registry.add(key, () -> value));
        registry.add("dispatch.admin-token", () -> "test");
        registry.add("dispatch.integrations.secret-encryption-key", io.dispatch.web.secret.SecretCipher::newBase64Key);
    }
}
