package io.dispatch.engine;

import io.dispatch.engine.command.CommandDecisions;
import io.dispatch.engine.intake.LogIntake;
import io.dispatch.engine.intake.StoreIntake;
import io.dispatch.engine.loop.EngineLoop;
import io.dispatch.engine.loop.EngineMetrics;
import io.dispatch.engine.sandbox.SandboxSimulatorHost;
import io.dispatch.engine.settings.EngineProperties;
import io.dispatch.engine.settings.PlanProperties;
import io.dispatch.engine.web.EngineStatusController;
import io.dispatch.kafka.SharedKafkaConfiguration;
import io.dispatch.planner.RouteSolvers;
import io.dispatch.policy.core.CoreConfig;
import io.dispatch.policy.core.DispatchCore;
import io.dispatch.policy.core.PlanningConfig;
import io.dispatch.web.SharedWebConfiguration;
import io.dispatch.web.identity.IdentityProperties;
import io.dispatch.web.identity.MerchantAccounts;
import io.dispatch.web.leadership.AdvisoryLockLeadership;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import javax.sql.DataSource;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.context.event.EventListener;
import org.springframework.core.env.Environment;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.web.reactive.function.client.WebClient;

/**
 * Everything the dispatch engine contributes to a Spring context (its own process, or the one-JVM
 * local run). Off with {@code dispatch.engine.enabled=false}.
 */
@Configuration(proxyBeanMethods = false)
@Import({SharedWebConfiguration.class, SharedKafkaConfiguration.class, SandboxSimulatorHost.class})
@EnableConfigurationProperties({EngineProperties.class, PlanProperties.class})
@ConditionalOnBooleanProperty(name = "dispatch.engine.enabled", matchIfMissing = true)
public class DispatchEngineConfiguration {

    /** The engine's advisory lock key: "engine" in ASCII. */
    static final long ENGINE_LOCK_KEY = 0x656e67696e65L;

    @Bean
    EngineStatusController dispatchEngineStatusController(EngineLoop loop) {
        return new EngineStatusController(loop);
    }

    @Bean
    EngineMetrics dispatchEngineMetrics(MeterRegistry registry) {
        return new EngineMetrics(registry);
    }

    @Bean
    StoreIntake dispatchEngineStores(JdbcTemplate jdbc, MerchantAccounts merchants) {
        return new StoreIntake(jdbc, merchants);
    }

    @Bean(destroyMethod = "close")
    EngineLoop dispatchEngineLoop(
            EngineProperties settings,
            StoreIntake stores,
            IdentityProperties identity,
            EngineMetrics metrics,
            PlanProperties plan,
            Environment environment,
            Clock clock) {
        DispatchCore core = new DispatchCore(
                new CoreConfig(
                        settings.maxPositionAge(),
                        settings.pendingTimeout(),
                        CoreConfig.defaults().defaultTravel(),
                        CoreConfig.defaults().activeDeliveryPenaltySeconds(),
                        CoreConfig.defaults().ageWeight(),
                        CoreConfig.defaults().deadheadWeight()),
                PlanningConfig.defaults().withMovesBetweenRiders(plan.moveBetweenRiders()));
        CommandDecisions commands = new CommandDecisions(
                WebClient.builder(), () -> settings.commandUrlOr(environment), identity.adminToken());
        return new EngineLoop(core, stores, commands, metrics, clock);
    }

    @Bean(destroyMethod = "close")
    LogIntake dispatchEngineLog(EngineProperties settings, KafkaProperties kafka, EngineLoop loop) {
        return new LogIntake(
                kafka.buildConsumerProperties(), settings.replayWindow(), settings.maxPositionAge(), loop::accept);
    }

    @Bean(destroyMethod = "stop")
    AdvisoryLockLeadership dispatchEngineLeadership(DataSource dataSource, EngineLoop loop) {
        return new AdvisoryLockLeadership("the dispatch engine", ENGINE_LOCK_KEY, dataSource, loop::lead, loop::resign);
    }

    /** Starts reading once the web server listens (the decisions go to it in the local run). */
    @Bean
    EngineStart dispatchEngineStart(EngineProperties settings, PlanProperties plan, EngineLoop loop, LogIntake log) {
        return new EngineStart(settings, plan, loop, log);
    }

    /** The engine starts after the application is ready: its log reader, its thread, then its bid to lead. */
    public record EngineStart(EngineProperties settings, PlanProperties plan, EngineLoop loop, LogIntake log) {

        @EventListener(ApplicationReadyEvent.class)
        public void start() {
            // the leadership bids for the lock on the same event (its own listener)
            loop.start(settings.tick(), settings.storePoll());
            loop.improveRoutes(RouteSolvers.live(), plan.reoptimizeInterval(), plan.reoptimizeBudget());
            log.start();
        }
    }
}
