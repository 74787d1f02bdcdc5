package io.dispatch.command.rider;

import io.dispatch.command.dispatch.domain.DispatchCommands.RecordRiderLocation;
import io.dispatch.command.dispatch.domain.DispatchRuleViolation;
import io.dispatch.events.RiderPositionReported;
import io.dispatch.events.Topics;
import io.dispatch.web.identity.RiderAccounts;
import io.dispatch.web.identity.RiderAccounts.Position;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.axonframework.commandhandling.CommandExecutionException;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.stereotype.Service;

/**
 * A rider's location fix. Every fix is kept as the rider's last position and published on
 * rider-positions for live tracking; at most once per {@code dispatch.location.min-interval} per
 * rider it also becomes a {@code dispatch.location_updated} event on each delivery the rider
 * holds (the event log and the webhooks get that throttled series).
 */
@Service
public class RiderLocations {

    private static final Logger log = LoggerFactory.getLogger(RiderLocations.class);

    private final RiderAccounts riders;
    private final RiderWorkload workload;
    private final CommandGateway commands;
    private final KafkaTemplate<String, RiderPositionReported> positions;
    private final Clock clock;
    private final Duration minInterval;

    public RiderLocations(
            RiderAccounts riders,
            RiderWorkload workload,
            CommandGateway commands,
            @Qualifier("riderPositionsKafkaTemplate") KafkaTemplate<String, RiderPositionReported> positions,
            Clock clock,
            LocationProperties properties) {
        this.riders = riders;
        this.workload = workload;
        this.commands = commands;
        this.positions = positions;
        this.clock = clock;
        this.minInterval = properties.minInterval();
    }

    /** What became of a fix: the deliveries it concerned and whether it emitted their location events. */
    public record Reported(List<UUID> dispatchIds, boolean eventsEmitted) {}

    /** Blocking: stores the fix, waits for Kafka to take it, and emits the throttled events. */
    public Reported report(UUID riderId, Position position) throws Exception {
        riders.recordPosition(riderId, position);
        List<UUID> active = workload.activeDeliveries(riderId);
        positions
                .send(
                        Topics.RIDER_POSITIONS.name(),
                        riderId.toString(),
                        new RiderPositionReported(
                                riderId,
                                position.latitude(),
                                position.longitude(),
                                position.recordedAt(),
                                clock.instant(),
                                active))
                .get(10, TimeUnit.SECONDS);
        boolean emit = !active.isEmpty() && riders.claimLocationEvent(riderId, minInterval);
        if (emit) {
            for (UUID dispatchId : active) {
                try {
                    commands.sendAndWait(new RecordRiderLocation(
                            dispatchId, riderId, position.latitude(), position.longitude(), position.recordedAt()));
                } catch (CommandExecutionException | DispatchRuleViolation e) {
                    // Delivered, failed or reassigned between the lookup and the command: nothing to report for it.
                    log.debug("No location event for {}: {}", dispatchId, e.getMessage());
                }
            }
        }
        return new Reported(active, emit);
    }
}
