package io.dispatch.query.decision.projection;

import io.dispatch.events.DecisionPolicy;
import io.dispatch.events.DispatchStatus;
import io.dispatch.query.SqlArrays;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import tools.jackson.databind.ObjectMapper;

/** The {@code dispatching} table over JDBC, for the decisions projection and its rebuild: read a batch's rows, write them back. */
final class DispatchingRows {

    private final ObjectMapper json;

    DispatchingRows(ObjectMapper json) {
        this.json = json;
    }

    Map<UUID, DispatchingState> current(Connection connection, String schema, Collection<UUID> ids, boolean lock)
            throws SQLException {
        Map<UUID, DispatchingState> states = new HashMap<>();
        try (PreparedStatement select = connection.prepareStatement("""
        select dispatch_id, merchant_id, zone_id, policy_zone_id, policy_mode, policy_version, decision_policy::text,
               status, created_at, target_pickup_at, target_delivery_at, offers_made, last_reason, no_rider_at,
               first_assigned_at, picked_up_at, delivered_at, last_sequence
          from %s.dispatching where dispatch_id = any(?)%s""".formatted(schema, lock ? " for update" : ""))) {
            select.setArray(1, connection.createArrayOf("uuid", ids.toArray()));
            try (ResultSet row = select.executeQuery()) {
                while (row.next()) {
                    DispatchingState.Delivery delivery = new DispatchingState.Delivery(
                            row.getObject(1, UUID.class),
                            row.getObject(2, UUID.class),
                            row.getString(3),
                            new DecisionPolicy(row.getString(4), row.getString(5), row.getLong(6)),
                            instant(row, 9),
                            instant(row, 10),
                            instant(row, 11));
                    DispatchingState state = new DispatchingState(
                            delivery,
                            DispatchStatus.valueOf(row.getString(8)),
                            new DispatchingState.Dispatching(
                                    json.readValue(row.getString(7), DecisionPolicy.class),
                                    row.getInt(12),
                                    row.getString(13),
                                    instant(row, 14)),
                            new DispatchingState.Milestones(instant(row, 15), instant(row, 16), instant(row, 17)),
                            row.getLong(18));
                    states.put(delivery.dispatchId(), state);
                }
            }
        }
        return states;
    }

    /** Inserts or updates the rows, never over a row that has applied a later event. */
    void write(Connection connection, String schema, Collection<DispatchingState> states) throws SQLException {
        SqlArrays rows = new SqlArrays(18);
        for (DispatchingState state : states) {
            DispatchingState.Delivery delivery = state.delivery();
            DispatchingState.Dispatching dispatching = state.dispatching();
            DispatchingState.Milestones reached = state.milestones();
            rows.row(
                    delivery.dispatchId(),
                    delivery.merchantId(),
                    delivery.zoneId(),
                    delivery.createdPolicy().zoneId(),
                    delivery.createdPolicy().mode(),
                    delivery.createdPolicy().version(),
                    json.writeValueAsString(dispatching.decisionPolicy()),
                    state.status().name(),
                    delivery.createdAt(),
                    delivery.targetPickupAt(),
                    delivery.targetDeliveryAt(),
                    dispatching.offersMade(),
                    dispatching.lastReason(),
                    dispatching.noRiderAt(),
                    reached.firstAssignedAt(),
                    reached.pickedUpAt(),
                    reached.deliveredAt(),
                    state.sequence());
        }
        // sandbox: the merchant's flag, which never changes, so the live projection and a rebuild agree
        rows.execute(connection, """
        insert into %1$s.dispatching
          (dispatch_id, merchant_id, sandbox, zone_id, policy_zone_id, policy_mode, policy_version, decision_policy,
           status, created_at, target_pickup_at, target_delivery_at, offers_made, last_reason, no_rider_at,
           first_assigned_at, picked_up_at, delivered_at, last_sequence)
        select r.dispatch_id, r.merchant_id,
               coalesce((select m.sandbox from identity.merchants m where m.id = r.merchant_id), false),
               r.zone_id, r.policy_zone_id, r.policy_mode, r.policy_version, r.decision_policy, r.status, r.created_at,
               r.target_pickup_at, r.target_delivery_at, r.offers_made, r.last_reason, r.no_rider_at,
               r.first_assigned_at, r.picked_up_at, r.delivered_at, r.last_sequence
          from unnest(?::uuid[], ?::uuid[], ?::text[], ?::text[], ?::text[], ?::bigint[], ?::jsonb[], ?::text[],
                      ?::timestamptz[], ?::timestamptz[], ?::timestamptz[], ?::integer[], ?::text[], ?::timestamptz[],
                      ?::timestamptz[], ?::timestamptz[], ?::timestamptz[], ?::bigint[])
               as r(dispatch_id, merchant_id, zone_id, policy_zone_id, policy_mode, policy_version, decision_policy,
                    status, created_at, target_pickup_at, target_delivery_at, offers_made, last_reason, no_rider_at,
                    first_assigned_at, picked_up_at, delivered_at, last_sequence)
        on conflict (dispatch_id) do update set decision_policy = excluded.decision_policy, status = excluded.status,
          offers_made = excluded.offers_made, last_reason = excluded.last_reason, no_rider_at = excluded.no_rider_at,
          first_assigned_at = excluded.first_assigned_at, picked_up_at = excluded.picked_up_at,
          delivered_at = excluded.delivered_at, last_sequence = excluded.last_sequence
         where %1$s.dispatching.last_sequence < excluded.last_sequence""".formatted(schema));
    }

    private static Instant instant(ResultSet row, int column) throws SQLException {
        Timestamp at = row.getTimestamp(column);
        return at == null ? null : at.toInstant();
    }
}
