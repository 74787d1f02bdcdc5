package io.dispatch.engine.app;

import io.dispatch.engine.DispatchEngineConfiguration;
import io.dispatch.web.startup.ServiceStartup;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Import;

/** The dispatch engine as its own process, against an existing Kafka cluster, PostgreSQL and command-service. */
@SpringBootApplication
@Import(DispatchEngineConfiguration.class)
public class DispatchEngineApplication {

    public static void main(String[] args) {
        ServiceStartup.run(DispatchEngineApplication.class, "dispatch-engine", args);
    }
}
