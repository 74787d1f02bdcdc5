package io.dispatch.query.app;

import io.dispatch.query.QueryServiceConfiguration;
import io.dispatch.web.startup.ServiceStartup;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Import;

/** query-service as its own process, against an existing Kafka cluster and PostgreSQL. */
@SpringBootApplication
@Import(QueryServiceConfiguration.class)
public class QueryServiceApplication {

    public static void main(String[] args) {
        ServiceStartup.run(QueryServiceApplication.class, "query-service", args);
    }
}
