package io.dispatch.query.whatif;

import io.dispatch.web.scheduling.PeriodicTask;
import java.time.Clock;
import javax.sql.DataSource;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import tools.jackson.databind.ObjectMapper;

/** The console's what-if jobs ({@link WhatIfProperties}): the scenario from the service's own Kafka. */
@Configuration(proxyBeanMethods = false)
class WhatIfConfiguration {

    @Bean
    DayScenarios dayScenarios(KafkaProperties kafka, WhatIfProperties settings) {
        return new KafkaDayScenarios(String.join(",", kafka.getBootstrapServers()), settings.readTimeout());
    }

    @Bean
    WhatIfRunner whatIfRunner(
            DataSource dataSource, ObjectMapper json, DayScenarios scenarios, WhatIfProperties settings, Clock clock) {
        WhatIfJobs jobs = new WhatIfJobs(dataSource, json, settings.abandonedAfter());
        WhatIfRun run = new WhatIfRun(jobs, new RecordedOrders(dataSource), scenarios, settings, clock);
        return new WhatIfRunner(jobs, run, settings, clock);
    }

    @Bean
    PeriodicTask whatIfHeartbeat(WhatIfRunner runner, WhatIfProperties settings) {
        return new PeriodicTask("whatif-heartbeat", settings.heartbeat(), runner::heartbeat);
    }
}
