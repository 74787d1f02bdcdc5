package io.dispatch.simulator;

import io.dispatch.events.EventEnvelope;
import io.dispatch.kafka.EventListenerContainers;
import io.dispatch.simulator.fleet.Fleet;
import io.dispatch.simulator.fleet.Roster;
import io.dispatch.simulator.fleet.TripRunner;
import io.dispatch.simulator.intake.DispatchIntake;
import io.dispatch.simulator.ledger.SandboxLedger;
import io.dispatch.simulator.ledger.ZoneSpeeds;
import io.dispatch.simulator.settings.RiderApiAddress;
import io.dispatch.simulator.settings.SimulatorEnabled;
import io.dispatch.simulator.settings.SimulatorProperties;
import io.dispatch.simulator.status.SimulatorAdminController;
import io.dispatch.simulator.trip.HttpRiderApi;
import io.dispatch.web.identity.MerchantAccounts;
import io.dispatch.web.identity.RiderAccounts;
import io.dispatch.web.leadership.AdvisoryLockLeadership;
import io.dispatch.web.schema.SchemaMigrations;
import java.time.Clock;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;

/**
 * The sandbox rider simulator in a Spring context. The host imports it and supplies two beans,
 * {@link ZoneSpeeds} and {@link RiderApiAddress}; the simulator reads everything else from the log
 * into its own schema ({@link SandboxLedger}). The operators' status route is always there, the
 * simulator itself only where {@link SimulatorEnabled} says so (docs/adr/0045).
 */
@Configuration(proxyBeanMethods = false)
@Import({SimulatorAdminController.class, SandboxSimulatorConfiguration.Running.class})
public class SandboxSimulatorConfiguration {

    /** The simulator's advisory lock key: "sim" in ASCII, one fixed number for every instance. */
    static final long SIMULATOR_LOCK_KEY = 0x73696dL;

    @Configuration(proxyBeanMethods = false)
    @Conditional(SimulatorEnabled.class)
    @EnableConfigurationProperties(SimulatorProperties.class)
    static class Running {

        /** The simulator schema: the ledger, which only the simulator writes. */
        @Bean(initMethod = "migrate")
        Flyway simulatorFlyway(DataSource dataSource) {
            return SchemaMigrations.of(dataSource, "simulator");
        }

        @Bean
        SandboxLedger simulatorLedger(Flyway simulatorFlyway, DataSource dataSource, ZoneSpeeds speeds) {
            return new SandboxLedger(new JdbcTemplate(dataSource), speeds);
        }

        @Bean(destroyMethod = "stop")
        TripRunner simulatorTripRunner() {
            return new TripRunner();
        }

        @Bean
        Fleet simulatorFleet(
                SimulatorProperties settings,
                RiderAccounts riders,
                SandboxLedger ledger,
                TripRunner runner,
                Clock clock) {
            return new Fleet(settings, new Roster(riders, settings.riders())::ready, ledger, runner, clock);
        }

        @Bean
        DispatchIntake simulatorIntake(
                SimulatorProperties settings,
                MerchantAccounts merchants,
                SandboxLedger ledger,
                Fleet fleet,
                TripRunner runner,
                Clock clock) {
            return new DispatchIntake(settings, merchants::sandbox, ledger, fleet, runner, clock);
        }

        /** One consumer: the simulator keeps its state in this process. */
        @Bean
        ConcurrentKafkaListenerContainerFactory<String, EventEnvelope> simulatorContainerFactory(
                KafkaProperties properties) {
            return EventListenerContainers.create(properties, 1);
        }

        /** One instance of all drives the simulator: the holder of a PostgreSQL advisory lock. */
        @Bean(destroyMethod = "stop")
        AdvisoryLockLeadership simulatorLeadership(
                DataSource dataSource,
                Fleet fleet,
                KafkaListenerEndpointRegistry listeners,
                SimulatorProperties settings,
                RiderApiAddress host) {
            return new AdvisoryLockLeadership(
                    "the sandbox rider simulator",
                    SIMULATOR_LOCK_KEY,
                    dataSource,
                    () -> {
                        fleet.start(new HttpRiderApi(riderApiUrl(settings, host)));
                        listeners.getListenerContainer(DispatchIntake.LISTENER).start();
                    },
                    () -> {
                        listeners.getListenerContainer(DispatchIntake.LISTENER).stop();
                        fleet.pause();
                    });
        }

        /** {@code dispatch.simulator.base-url}, or where the host says the rider API is. */
        private static String riderApiUrl(SimulatorProperties settings, RiderApiAddress host) {
            return settings.baseUrl() != null && !settings.baseUrl().isBlank() ? settings.baseUrl() : host.baseUrl();
        }
    }
}
