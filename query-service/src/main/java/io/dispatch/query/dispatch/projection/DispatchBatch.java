package io.dispatch.query.dispatch.projection;

import io.dispatch.events.DeliveryPlanned;
import io.dispatch.events.DispatchCreated;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.RiderAssigned;
import io.dispatch.events.RiderUnassigned;
import io.dispatch.events.view.DispatchView;
import io.dispatch.events.view.StatusTransition;
import io.dispatch.query.SqlArrays;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import tools.jackson.databind.ObjectMapper;

/**
 * dispatch-events into the deliveries and history tables, a batch at a time: the batch's
 * deliveries are read in one query, folded in memory with the one fold ({@link DispatchView}),
 * and written back with one upsert per table, whatever the batch's size. Each row also carries
 * its merchant's sandbox flag (from {@code identity.merchants}), which offers filter on. The live projection
 * and the rebuild both write through it, so their rows are the same by construction. Idempotent:
 * an event at or below a row's last applied sequence changes nothing. Beside the view, a row keeps
 * what the rider's route reads ({@link RouteTimes}): the rider who holds the delivery, when it was
 * assigned and when it was last planned.
 */
public final class DispatchBatch {

    /** What happens to an event the rules pass over: the rebuild counts it, the live projection decides. */
    public interface Skipped {
        /** An event of a delivery whose creation was never applied. */
        void beforeCreation(EventEnvelope envelope);

        /** An event the fold refuses (e.g. a transition its status does not allow). */
        void refused(EventEnvelope envelope, IllegalArgumentException reason);
    }

    /**
     * When the delivery was last assigned (null once unassigned) and last planned for the rider who
     * holds it (null once unassigned or given to another rider): the rider's route orders the stops
     * without a planned time by the first, and its {@code updatedAt} is the latest of the second.
     */
    record RouteTimes(Instant assignedAt, Instant plannedAt) {

        static final RouteTimes NONE = new RouteTimes(null, null);

        /** After {@code envelope} was folded into {@code before} (null: it is the creation). */
        RouteTimes after(DispatchView before, EventEnvelope envelope) {
            return switch (envelope.event()) {
                case RiderAssigned e -> {
                    boolean reassigned = before != null
                            && before.riderId() != null
                            && !before.riderId().equals(e.riderId());
                    yield new RouteTimes(e.occurredAt(), reassigned ? null : plannedAt);
                }
                case RiderUnassigned e -> NONE;
                case DeliveryPlanned e -> new RouteTimes(assignedAt, e.occurredAt());
                default -> this;
            };
        }
    }

    /** A row as read: the folded view and the route's times. */
    private record Current(DispatchView view, RouteTimes times) {}

    private final ObjectMapper json;

    public DispatchBatch(ObjectMapper json) {
        this.json = json;
    }

    /**
     * Applies the lifecycle events among {@code envelopes} (in log order) to {@code schema}'s
     * tables on this connection, in its transaction. With {@code lock}, the batch's rows are read
     * {@code for update}.
     */
    public void apply(
            Connection connection, String schema, List<EventEnvelope> envelopes, Skipped skipped, boolean lock)
            throws SQLException {
        Map<UUID, List<EventEnvelope>> byDispatch = LifecycleEvents.byDelivery(envelopes);
        if (byDispatch.isEmpty()) {
            return;
        }
        Map<UUID, Current> current = current(connection, schema, byDispatch.keySet(), lock);
        SqlArrays rows = new SqlArrays(14);
        SqlArrays history = new SqlArrays(9);
        for (var entry : byDispatch.entrySet()) {
            Current read = current.get(entry.getKey());
            DispatchView before = read == null ? null : read.view();
            DispatchView view = before;
            RouteTimes times = read == null ? RouteTimes.NONE : read.times();
            for (EventEnvelope envelope : entry.getValue()) {
                DispatchView prior = view;
                view = fold(view, envelope, history, skipped);
                if (view != prior) {
                    times = times.after(prior, envelope);
                }
            }
            if (view != null && view != before) {
                rows.row(
                        view.dispatchId(),
                        view.merchantId(),
                        view.status().name(),
                        view.source().wireName(),
                        view.trackingToken(),
                        view.createdAt(),
                        view.updatedAt(),
                        view.sequence(),
                        new String(json.writeValueAsBytes(view), StandardCharsets.UTF_8),
                        view.pickup() == null ? null : view.pickup().lat(),
                        view.pickup() == null ? null : view.pickup().lng(),
                        view.riderId(),
                        times.assignedAt(),
                        times.plannedAt());
            }
        }
        // sandbox: the merchant's flag, which never changes, so the live projection and a rebuild agree
        rows.execute(connection, """
        insert into %s.dispatches
          (id, merchant_id, status, source, tracking_token, created_at, updated_at, last_sequence, body,
           pickup_lat, pickup_lng, rider_id, assigned_at, planned_at, sandbox)
        select r.*, coalesce((select m.sandbox from identity.merchants m where m.id = r.merchant_id), false)
          from unnest(?::uuid[], ?::uuid[], ?::text[], ?::text[], ?::text[], ?::timestamptz[],
                      ?::timestamptz[], ?::bigint[], ?::jsonb[], ?::float8[], ?::float8[], ?::uuid[],
                      ?::timestamptz[], ?::timestamptz[])
               as r(id, merchant_id, status, source, tracking_token, created_at, updated_at, last_sequence, body,
                    pickup_lat, pickup_lng, rider_id, assigned_at, planned_at)
        on conflict (id) do update set status = excluded.status, updated_at = excluded.updated_at,
          last_sequence = excluded.last_sequence, body = excluded.body, rider_id = excluded.rider_id,
          assigned_at = excluded.assigned_at, planned_at = excluded.planned_at
         where %s.dispatches.last_sequence < excluded.last_sequence""".formatted(schema, schema));
        history.execute(connection, """
        insert into %s.dispatch_history
          (dispatch_id, sequence, status, previous_status, occurred_at, actor_type, actor_id, reason_code, detail)
        select * from unnest(?::uuid[], ?::bigint[], ?::text[], ?::text[], ?::timestamptz[], ?::text[], ?::text[],
                             ?::text[], ?::text[])
        on conflict do nothing""".formatted(schema));
    }

    private static DispatchView fold(DispatchView view, EventEnvelope envelope, SqlArrays history, Skipped skipped) {
        if (view == null) {
            if (!(envelope.event() instanceof DispatchCreated)) {
                skipped.beforeCreation(envelope);
                return null;
            }
            DispatchView created = DispatchView.created(envelope);
            record(history, envelope, StatusTransition.of(envelope, created.status(), null));
            return created;
        }
        if (envelope.sequence() <= view.sequence()) {
            return view;
        }
        DispatchView next;
        try {
            next = view.apply(envelope);
        } catch (IllegalArgumentException e) {
            skipped.refused(envelope, e);
            return view;
        }
        if (StatusTransition.isTransition(envelope)) {
            record(history, envelope, StatusTransition.of(envelope, next.status(), view.status()));
        }
        return next;
    }

    private static void record(SqlArrays history, EventEnvelope envelope, StatusTransition entry) {
        history.row(
                envelope.dispatchId(),
                entry.sequence(),
                entry.status(),
                entry.previousStatus(),
                entry.occurredAt(),
                entry.actorType(),
                entry.actorId(),
                entry.reasonCode(),
                entry.detail());
    }

    private Map<UUID, Current> current(Connection connection, String schema, Set<UUID> ids, boolean lock)
            throws SQLException {
        Map<UUID, Current> rows = new HashMap<>();
        try (PreparedStatement select = connection.prepareStatement(
                "select id, body, assigned_at, planned_at from %s.dispatches where id = any(?)%s"
                        .formatted(schema, lock ? " for update" : ""))) {
            select.setArray(1, connection.createArrayOf("uuid", new LinkedHashSet<>(ids).toArray()));
            try (ResultSet row = select.executeQuery()) {
                while (row.next()) {
                    rows.put(
                            row.getObject(1, UUID.class),
                            new Current(
                                    json.readValue(row.getString(2), DispatchView.class),
                                    new RouteTimes(instant(row.getTimestamp(3)), instant(row.getTimestamp(4)))));
                }
            }
        }
        return rows;
    }

    private static Instant instant(Timestamp timestamp) {
        return timestamp == null ? null : timestamp.toInstant();
    }
}
