package io.dispatch.query.whatif;

import io.dispatch.logreport.scenario.LogScenario;
import io.dispatch.web.scheduling.PeriodicTask;
import java.time.Clock;
import java.time.Duration;
import javax.sql.DataSource;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import tools.jackson.databind.ObjectMapper;

/** The console's what-if jobs ({@link WhatIfProperties}): the scenario from the service's own Kafka. */
@Configuration(proxyBeanMethods = false)
class WhatIfConfiguration {

    static final Duration CLEANUP_EVERY = Duration.ofHours(1);

    /**
     * The log from the service's own Kafka; the zone's policy and travel settings from command-service's tables in
     * the service's own database (read-only, when they are there: the one database the services share).
     */
    @Bean
    DayScenarios dayScenarios(KafkaProperties kafka, WhatIfProperties settings, Environment environment) {
        LogScenario.Store store = new LogScenario.Store(
                environment.getRequiredProperty("spring.datasource.url"),
                environment.getProperty("spring.datasource.username", ""),
                environment.getProperty("spring.datasource.password"));
        return new KafkaDayScenarios(String.join(",", kafka.getBootstrapServers()), store, settings.readTimeout());
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

    /** Old jobs go: every instance deletes them, so the deletes need no leader (a row deleted twice is gone once). */
    @Bean
    PeriodicTask whatIfCleanup(WhatIfRunner runner) {
        return new PeriodicTask("whatif-cleanup", CLEANUP_EVERY, runner::removeOld);
    }
}
