package io.dispatch.command.app;

import io.dispatch.command.CommandServiceConfiguration;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Import;

/** command-service as its own process, against an existing Kafka cluster and PostgreSQL. */
@SpringBootApplication
@Import(CommandServiceConfiguration.class)
public class CommandServiceApplication {

  public static void main(String[] args) {
    // Axon's update checker calls home every few seconds; opt in with -Daxoniq.update-checker.disabled=false.
    System.setProperty("axoniq.update-checker.disabled",
        System.getProperty("axoniq.update-checker.disabled", "true"));
    SpringApplication.run(CommandServiceApplication.class, args);
  }
}
