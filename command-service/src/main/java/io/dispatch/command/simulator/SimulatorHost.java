package io.dispatch.command.simulator;

import io.dispatch.command.dispatch.application.DispatchHistory;
import io.dispatch.command.pricing.Pricing;
import io.dispatch.command.rider.RiderWorkload;
import io.dispatch.simulator.SandboxSimulatorConfiguration;
import io.dispatch.simulator.settings.SimulatorEnabled;
import io.dispatch.simulator.trip.Deliveries;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * command-service runs the sandbox simulator (module sandbox-simulator): its instances elect the
 * one that drives the riders, and it tells the simulator what no rider answer does.
 */
@Configuration(proxyBeanMethods = false)
@Import(SandboxSimulatorConfiguration.class)
class SimulatorHost {

    @Bean
    @Conditional(SimulatorEnabled.class)
    Deliveries simulatorDeliveries(DispatchHistory history, Pricing pricing, RiderWorkload workload) {
        return new CommandDeliveries(history, pricing, workload);
    }
}
