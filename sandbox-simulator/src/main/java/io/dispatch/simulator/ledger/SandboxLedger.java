package io.dispatch.simulator.ledger;

import io.dispatch.events.DispatchCreated;
import io.dispatch.events.DispatchDelivered;
import io.dispatch.events.DispatchDeparted;
import io.dispatch.events.DispatchPickedUp;
import io.dispatch.events.DispatchStatus;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.RiderAssigned;
import io.dispatch.events.RiderUnassigned;
import io.dispatch.events.Stop;
import io.dispatch.simulator.trip.Deliveries;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The simulator's own record of sandbox deliveries, written from {@code dispatch-events} by its
 * intake before it acts on an event, so that the simulator needs nothing of the service that
 * hosts it but the zones' speeds (docs/adr/0045). One row a delivery in the {@code simulator}
 * schema: its status and rider after the latest event applied (an older or repeated event
 * changes nothing), and what the simulated customer gives at the door. It survives a restart, so
 * riders carry on with what they held.
 */
public final class SandboxLedger implements Deliveries, LedgerWriter {

    private final JdbcTemplate jdbc;
    private final ZoneSpeeds speeds;

    public SandboxLedger(JdbcTemplate jdbc, ZoneSpeeds speeds) {
        this.jdbc = jdbc;
        this.speeds = speeds;
    }

    /** Events that change no status (positions, PIN guesses, decisions, estimates) change nothing here. */
    @Override
    public void record(EventEnvelope envelope) {
        if (envelope.event() instanceof DispatchCreated created) {
            created(created, envelope.sequence());
            return;
        }
        Optional<DispatchStatus> status = DispatchStatus.after(envelope.event());
        if (status.isEmpty()) {
            return;
        }
        UUID dispatchId = envelope.dispatchId();
        long sequence = envelope.sequence();
        String name = status.get().name();
        switch (envelope.event()) {
            case RiderAssigned e -> moved(name, e.riderId(), sequence, dispatchId);
            case DispatchPickedUp e -> moved(name, e.riderId(), sequence, dispatchId);
            case DispatchDeparted e -> moved(name, e.riderId(), sequence, dispatchId);
            case DispatchDelivered e -> moved(name, e.riderId(), sequence, dispatchId);
            case RiderUnassigned e ->
                jdbc.update(
                        "update simulator.deliveries set status = ?, sequence = ?, rider_id = null"
                                + " where dispatch_id = ? and sequence < ?",
                        name,
                        sequence,
                        dispatchId,
                        sequence);
            default ->
                jdbc.update(
                        "update simulator.deliveries set status = ?, sequence = ? where dispatch_id = ? and sequence < ?",
                        name,
                        sequence,
                        dispatchId,
                        sequence);
        }
    }

    @Override
    public int forgetCreatedBefore(Instant before) {
        return jdbc.update("delete from simulator.deliveries where created_at < ?", Timestamp.from(before));
    }

    @Override
    public Optional<Delivery> current(UUID dispatchId) {
        return jdbc
                .query("select * from simulator.deliveries where dispatch_id = ?", this::delivery, dispatchId)
                .stream()
                .findFirst();
    }

    @Override
    public List<UUID> heldBy(UUID riderId) {
        return jdbc.queryForList(
                "select dispatch_id from simulator.deliveries"
                        + " where rider_id = ? and status in ('ASSIGNED', 'PICKED_UP', 'IN_TRANSIT') order by created_at",
                UUID.class,
                riderId);
    }

    private void created(DispatchCreated created, long sequence) {
        Stop pickup = created.order().pickup();
        Stop dropoff = created.order().dropoff();
        jdbc.update(
                """
        insert into simulator.deliveries (dispatch_id, sequence, status, customer_name, delivery_pin, zone_id,
            pickup_address, pickup_lat, pickup_lng, pickup_notes,
            dropoff_address, dropoff_lat, dropoff_lng, dropoff_notes, created_at)
        values (?, ?, 'NEW', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (dispatch_id) do nothing""",
                created.dispatchId(),
                sequence,
                created.order().customerName(),
                created.deliveryPin(),
                created.zoneId(),
                pickup.address(),
                pickup.lat(),
                pickup.lng(),
                pickup.notes(),
                dropoff.address(),
                dropoff.lat(),
                dropoff.lng(),
                dropoff.notes(),
                Timestamp.from(created.occurredAt()));
    }

    private void moved(String status, UUID riderId, long sequence, UUID dispatchId) {
        jdbc.update(
                "update simulator.deliveries set status = ?, sequence = ?, rider_id = ? where dispatch_id = ? and sequence < ?",
                status,
                sequence,
                riderId,
                dispatchId,
                sequence);
    }

    private Delivery delivery(ResultSet rs, int row) throws SQLException {
        return new Delivery(
                rs.getObject("dispatch_id", UUID.class),
                DispatchStatus.valueOf(rs.getString("status")),
                rs.getObject("rider_id", UUID.class),
                stop(rs, "pickup"),
                stop(rs, "dropoff"),
                rs.getString("customer_name"),
                rs.getString("delivery_pin"),
                speeds.kmh(rs.getString("zone_id")),
                speeds.detourFactor(rs.getString("zone_id")));
    }

    private static Stop stop(ResultSet rs, String prefix) throws SQLException {
        return new Stop(
                rs.getString(prefix + "_address"),
                rs.getObject(prefix + "_lat", Double.class),
                rs.getObject(prefix + "_lng", Double.class),
                rs.getString(prefix + "_notes"));
    }
}
