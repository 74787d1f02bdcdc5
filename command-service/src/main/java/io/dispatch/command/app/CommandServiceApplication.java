package io.dispatch.command.app;

import io.dispatch.command.CommandServiceConfiguration;
import io.dispatch.web.ProcessDefaults;
import java.util.Map;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Import;

/** command-service as its own process, against an existing Kafka cluster and PostgreSQL. */
@SpringBootApplication
@Import(CommandServiceConfiguration.class)
public class CommandServiceApplication {

  public static void main(String[] args) {
    ProcessDefaults.apply();
    SpringApplication application = new SpringApplication(CommandServiceApplication.class);
    application.setDefaultProperties(Map.of("spring.application.name", "command-service"));
    application.run(args);
  }
}
