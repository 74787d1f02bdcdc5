package io.dispatch.simulator.intake;

import io.dispatch.events.ActorType;
import io.dispatch.events.DispatchCreated;
import io.dispatch.events.DispatchDecisionEvent;
import io.dispatch.events.DispatchOffered;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.RiderAssigned;
import io.dispatch.events.RiderUnassigned;
import io.dispatch.simulator.fleet.Fleet;
import io.dispatch.simulator.fleet.TripRunner;
import io.dispatch.simulator.ledger.LedgerWriter;
import io.dispatch.simulator.settings.SimulatorProperties;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.kafka.annotation.KafkaListener;

/**
 * What the simulator learns from {@code dispatch-events}, like every other reader of the log:
 * a sandbox merchant's new delivery under the MANUAL policy becomes an offer once its
 * accept-after has passed (under any other mode the engine offers it, decisions.md §14); the
 * engine's offers and automatic assignments to simulated riders are answered; any later event of
 * the delivery's life takes it out of NEW; an assignment may give one of the simulated riders work.
 * Before it acts, it writes a sandbox delivery's event to the simulator's ledger ({@code SandboxLedger}), where the
 * trips read the delivery. Its consumer starts only on the instance that runs the simulator.
 */
public final class DispatchIntake {

    /** The listener's id and consumer group (named when the simulator lived in command-service). */
    public static final String LISTENER = "command-service.sandbox-simulator";

    /** The mode of the {@code default} zone out of the box, and of every delivery created before policies existed. */
    static final String MANUAL = "MANUAL";

    /** How long the ledger keeps a delivery, and how often it is swept. */
    static final Duration KEPT = Duration.ofDays(1);

    private static final Duration SWEEP_EVERY = Duration.ofHours(1);

    private final SimulatorProperties settings;
    private final Predicate<UUID> sandboxMerchant;
    private final LedgerWriter ledger;
    private final Fleet fleet;
    private final TripRunner timers;
    private final Clock clock;
    private Instant sweptAt = Instant.EPOCH;

    /** {@code sandboxMerchant} tells whether a merchant is a sandbox one, whose deliveries simulated riders take. */
    public DispatchIntake(
            SimulatorProperties settings,
            Predicate<UUID> sandboxMerchant,
            LedgerWriter ledger,
            Fleet fleet,
            TripRunner timers,
            Clock clock) {
        this.settings = settings;
        this.sandboxMerchant = sandboxMerchant;
        this.ledger = ledger;
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
        boolean sandbox = sandbox(envelope.merchantId());
        if (sandbox) {
            ledger.record(envelope);
        }
        switch (envelope.event()) {
            case DispatchCreated created -> {
                if (sandbox) {
                    sweep();
                }
                if (sandbox && manual(created)) {
                    fleet.offered(created.dispatchId());
                    Duration wait = settings.real(settings.acceptAfter())
                            .minus(Duration.between(created.occurredAt(), clock.instant()));
                    timers.later(wait, () -> fleet.due(created.dispatchId()));
                }
            }
            case DispatchOffered offer -> fleet.offerMade(offer);
            // the engine's other decisions happen while the delivery is NEW, and a give-back returns it
            // to NEW: none of them takes a delivery out of the open list
            case DispatchDecisionEvent decision -> {}
            case RiderUnassigned givenBack -> {}
            case RiderAssigned assigned -> {
                fleet.taken(envelope.dispatchId());
                if (assigned.actor() != null && assigned.actor().type() == ActorType.SYSTEM) {
                    fleet.assignedAutomatically(assigned.riderId(), envelope.dispatchId(), assigned.occurredAt());
                } else {
                    fleet.assigned(assigned.riderId(), envelope.dispatchId());
                }
            }
            default -> fleet.taken(envelope.dispatchId());
        }
    }

    private boolean sandbox(UUID merchantId) {
        return merchantId != null && sandboxMerchant.test(merchantId);
    }

    /** At most once an hour, the ledger forgets deliveries older than a day. */
    private void sweep() {
        Instant now = clock.instant();
        if (Duration.between(sweptAt, now).compareTo(SWEEP_EVERY) >= 0) {
            sweptAt = now;
            ledger.forgetCreatedBefore(now.minus(KEPT.compareTo(settings.maxAge()) > 0 ? KEPT : settings.maxAge()));
        }
    }

    /** Whether simulated riders take it from the open list: MANUAL, or created before policies existed. */
    private static boolean manual(DispatchCreated created) {
        return created.dispatchPolicy() == null
                || MANUAL.equals(created.dispatchPolicy().mode());
    }
}
