package io.dispatch.simulator.intake;

import io.dispatch.events.DispatchCreated;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.RiderAssigned;
import io.dispatch.simulator.fleet.Fleet;
import io.dispatch.simulator.fleet.TripRunner;
import io.dispatch.simulator.settings.SimulatorProperties;
import io.dispatch.web.identity.MerchantAccounts;
import java.time.Clock;
import java.time.Duration;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.kafka.annotation.KafkaListener;

/**
 * What the simulator learns from {@code dispatch-events}, like every other reader of the log:
 * a sandbox merchant's new delivery becomes an offer once its accept-after has passed; any later
 * event takes a delivery out of NEW; an assignment may give one of the simulated riders work.
 * Its consumer starts only on the instance that runs the simulator.
 */
public final class DispatchIntake {

    /** The listener's id and consumer group (named when the simulator lived in command-service). */
    public static final String LISTENER = "command-service.sandbox-simulator";

    private final SimulatorProperties settings;
    private final MerchantAccounts merchants;
    private final Fleet fleet;
    private final TripRunner timers;
    private final Clock clock;

    public DispatchIntake(
            SimulatorProperties settings, MerchantAccounts merchants, Fleet fleet, TripRunner timers, Clock clock) {
        this.settings = settings;
        this.merchants = merchants;
        this.fleet = fleet;
        this.timers = timers;
        this.clock = clock;
    }

    @KafkaListener(
            id = LISTENER,
            groupId = LISTENER,
            topics = "dispatch-events",
            containerFactory = "simulatorContainerFactory",
            autoStartup = "false")
    public void on(ConsumerRecord<String, EventEnvelope> record) {
        EventEnvelope envelope = record.value();
        if (envelope == null || envelope.occurredAt().isBefore(clock.instant().minus(settings.maxAge()))) {
            return;
        }
        if (envelope.event() instanceof DispatchCreated created) {
            if (merchants
                    .findMerchant(created.merchantId())
                    .map(MerchantAccounts.Merchant::sandbox)
                    .orElse(false)) {
                fleet.offered(created.dispatchId());
                Duration wait = settings.real(settings.acceptAfter())
                        .minus(Duration.between(created.occurredAt(), clock.instant()));
                timers.later(wait, () -> fleet.due(created.dispatchId()));
            }
            return;
        }
        fleet.taken(envelope.dispatchId());
        if (envelope.event() instanceof RiderAssigned assigned) {
            fleet.assigned(assigned.riderId(), envelope.dispatchId());
        }
    }
}
