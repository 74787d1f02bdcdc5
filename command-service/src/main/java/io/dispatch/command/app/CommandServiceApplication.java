package io.dispatch.command.app;

import io.dispatch.command.CommandServiceConfiguration;
import io.dispatch.web.startup.ServiceStartup;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Import;

/** command-service as its own process, against an existing Kafka cluster and PostgreSQL. */
@SpringBootApplication
@Import(CommandServiceConfiguration.class)
public class CommandServiceApplication {

    public static void main(String[] args) {
        ServiceStartup.run(CommandServiceApplication.class, "command-service", args);
    }
}
