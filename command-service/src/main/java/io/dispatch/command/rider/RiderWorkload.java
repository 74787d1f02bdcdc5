package io.dispatch.command.rider;

import io.dispatch.events.DispatchCancelled;
import io.dispatch.events.DispatchDelivered;
import io.dispatch.events.DispatchDeparted;
import io.dispatch.events.DispatchFailed;
import io.dispatch.events.DispatchPickedUp;
import io.dispatch.events.DispatchStatus;
import io.dispatch.events.RiderAssigned;
import io.dispatch.events.RiderUnassigned;
import java.util.List;
import java.util.UUID;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * The deliveries each rider holds, kept by a subscribing event processor: its handlers run in
 * the transaction that appends the events, so the table never disagrees with the event store.
 */
@Component
@ProcessingGroup(RiderWorkload.PROCESSING_GROUP)
public class RiderWorkload {

    public static final String PROCESSING_GROUP = "rider-workload";

    private final JdbcTemplate jdbc;

    public RiderWorkload(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** The rider's deliveries that are ASSIGNED, PICKED_UP or IN_TRANSIT. */
    public List<UUID> activeDeliveries(UUID riderId) {
        return jdbc.queryForList(
                "select dispatch_id from command.rider_assignments where rider_id = ? order by dispatch_id",
                UUID.class,
                riderId);
    }

    @EventHandler
    void on(RiderAssigned event) {
        jdbc.update(
                """
        insert into command.rider_assignments (dispatch_id, rider_id, status) values (?, ?, ?)
        on conflict (dispatch_id) do update set rider_id = excluded.rider_id, status = excluded.status""",
                event.dispatchId(),
                event.riderId(),
                DispatchStatus.reachedBy(event).name());
    }

    @EventHandler
    void on(DispatchPickedUp event) {
        status(event.dispatchId(), DispatchStatus.reachedBy(event));
    }

    @EventHandler
    void on(DispatchDeparted event) {
        status(event.dispatchId(), DispatchStatus.reachedBy(event));
    }

    @EventHandler
    void on(DispatchDelivered event) {
        release(event.dispatchId());
    }

    @EventHandler
    void on(DispatchFailed event) {
        release(event.dispatchId());
    }

    @EventHandler
    void on(DispatchCancelled event) {
        release(event.dispatchId());
    }

    @EventHandler
    void on(RiderUnassigned event) {
        release(event.dispatchId());
    }

    private void status(UUID dispatchId, DispatchStatus status) {
        jdbc.update("update command.rider_assignments set status = ? where dispatch_id = ?", status.name(), dispatchId);
    }

    private void release(UUID dispatchId) {
        jdbc.update("delete from command.rider_assignments where dispatch_id = ?", dispatchId);
    }
}
