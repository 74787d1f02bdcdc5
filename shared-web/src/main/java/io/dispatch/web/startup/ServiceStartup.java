package io.dispatch.web.startup;

import io.dispatch.web.ProcessDefaults;
import java.util.Map;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.event.ApplicationEnvironmentPreparedEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * How each service starts on its own: named (spring.application.name, the {@code application}
 * label of its metrics), waiting for PostgreSQL and Kafka before it builds anything
 * ({@link DependencyGate}), and reporting a missing or invalid setting in one report
 * ({@link InvalidSettingFailureAnalyzer}).
 */
public final class ServiceStartup {

    private ServiceStartup() {}

    public static ConfigurableApplicationContext run(Class<?> application, String name, String[] args) {
        ProcessDefaults.apply();
        SpringApplication spring = new SpringApplication(application);
        spring.setDefaultProperties(Map.of("spring.application.name", name));
        spring.addListeners((ApplicationListener<ApplicationEnvironmentPreparedEvent>)
                prepared -> DependencyGate.await(prepared.getEnvironment()));
        return spring.run(args);
    }
}
