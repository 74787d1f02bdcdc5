package io.dispatch.engine.sandbox;

import io.dispatch.engine.intake.StoreIntake;
import io.dispatch.engine.settings.EngineProperties;
import io.dispatch.simulator.SandboxSimulatorConfiguration;
import io.dispatch.simulator.ledger.ZoneSpeeds;
import io.dispatch.simulator.settings.RiderApiAddress;
import io.dispatch.simulator.settings.SimulatorEnabled;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.env.Environment;

/**
 * The dispatch engine's process runs the sandbox rider simulator (module sandbox-simulator,
 * docs/adr/0045): both read the log and act through command-service's HTTP routes. Its instances
 * elect the one that drives the riders; the engine tells the simulator the zones' travel models and where
 * command-service is.
 */
@Configuration(proxyBeanMethods = false)
@Import(SandboxSimulatorConfiguration.class)
public class SandboxSimulatorHost {

    @Bean
    @Conditional(SimulatorEnabled.class)
    ZoneSpeeds simulatorZoneSpeeds(StoreIntake stores) {
        return new ZoneSpeeds() {
            @Override
            public double kmh(String zoneId) {
                return stores.travelModel(zoneId).speedKmh();
            }

            @Override
            public double detourFactor(String zoneId) {
                return stores.travelModel(zoneId).detourFactor();
            }
        };
    }

    /** The simulated riders call command-service where the engine sends its decisions. */
    @Bean
    @Conditional(SimulatorEnabled.class)
    RiderApiAddress simulatorRiderApi(EngineProperties settings, Environment environment) {
        return () -> settings.commandUrlOr(environment);
    }
}
