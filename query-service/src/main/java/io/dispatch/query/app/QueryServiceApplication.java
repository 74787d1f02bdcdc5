package io.dispatch.query.app;

import io.dispatch.query.QueryServiceConfiguration;
import io.dispatch.web.ProcessDefaults;
import java.util.Map;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Import;

/** query-service as its own process, against an existing Kafka cluster and PostgreSQL. */
@SpringBootApplication
@Import(QueryServiceConfiguration.class)
public class QueryServiceApplication {

  public static void main(String[] args) {
    ProcessDefaults.apply();
    SpringApplication application = new SpringApplication(QueryServiceApplication.class);
    application.setDefaultProperties(Map.of("spring.application.name", "query-service"));
    application.run(args);
  }
}
