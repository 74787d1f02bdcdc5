package io.dispatch.query.rebuild;

import io.dispatch.events.DispatchCreated;
import io.dispatch.events.DispatchLifecycleEvent;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.Topics;
import io.dispatch.events.view.DispatchView;
import io.dispatch.events.view.StatusTransition;
import io.dispatch.query.dispatch.projection.DispatchProjection;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import tools.jackson.databind.ObjectMapper;

/**
 * dispatch-events into the deliveries and history tables, a batch at a time: the batch's
 * deliveries are read in one query, folded in memory with the one fold ({@link DispatchView}),
 * and written back with one upsert per table. The rows are those {@link DispatchProjection}
 * writes: the same view, the same history entries, the same skips.
 */
final class DispatchReplay implements ReplayedProjection {

  private final ObjectMapper json;

  DispatchReplay(ObjectMapper json) {
    this.json = json;
  }

  @Override
  public String topic() {
    return Topics.DISPATCH_EVENTS.name();
  }

  @Override
  public List<String> tables() {
    return List.of("dispatches", "dispatch_history");
  }

  @Override
  public Map<Integer, Long> livePositions(Connection connection) throws SQLException {
    return LivePositions.of(connection, DispatchProjection.NAME, topic());
  }

  @Override
  public void apply(Connection connection, String schema, List<ConsumerRecord<byte[], byte[]>> records,
      Skips skips) throws SQLException {
    Map<UUID, List<EventEnvelope>> byDispatch = new LinkedHashMap<>();
    for (EventEnvelope envelope : Decoded.envelopes(records, skips)) {
      if (envelope.event() instanceof DispatchLifecycleEvent) {
        byDispatch.computeIfAbsent(envelope.dispatchId(), id -> new ArrayList<>()).add(envelope);
      }
    }
    Map<UUID, DispatchView> current = current(connection, schema, byDispatch.keySet());
    SqlArrays rows = new SqlArrays(11);
    SqlArrays history = new SqlArrays(9);
    for (var entry : byDispatch.entrySet()) {
      DispatchView before = current.get(entry.getKey());
      DispatchView view = before;
      for (EventEnvelope envelope : entry.getValue()) {
        view = fold(view, envelope, history, skips);
      }
      if (view != null && view != before) {
        rows.row(view.dispatchId(), view.merchantId(), view.status().name(), view.source().wireName(),
            view.trackingToken(), view.createdAt(), view.updatedAt(), view.sequence(),
            new String(json.writeValueAsBytes(view), StandardCharsets.UTF_8),
            view.pickup() == null ? null : view.pickup().lat(), view.pickup() == null ? null : view.pickup().lng());
      }
    }
    rows.execute(connection, """
        insert into %s.dispatches
          (id, merchant_id, status, source, tracking_token, created_at, updated_at, last_sequence, body,
           pickup_lat, pickup_lng)
        select * from unnest(?::uuid[], ?::uuid[], ?::text[], ?::text[], ?::text[], ?::timestamptz[],
                             ?::timestamptz[], ?::bigint[], ?::jsonb[], ?::float8[], ?::float8[])
        on conflict (id) do update set status = excluded.status, updated_at = excluded.updated_at,
          last_sequence = excluded.last_sequence, body = excluded.body
         where %s.dispatches.last_sequence < excluded.last_sequence""".formatted(schema, schema));
    history.execute(connection, """
        insert into %s.dispatch_history
          (dispatch_id, sequence, status, previous_status, occurred_at, actor_type, actor_id, reason_code, detail)
        select * from unnest(?::uuid[], ?::bigint[], ?::text[], ?::text[], ?::timestamptz[], ?::text[], ?::text[],
                             ?::text[], ?::text[])
        on conflict do nothing""".formatted(schema));
  }

  /** {@link DispatchProjection}'s rules, on a view in memory. */
  private static DispatchView fold(DispatchView view, EventEnvelope envelope, SqlArrays history, Skips skips) {
    if (view == null) {
      if (!(envelope.event() instanceof DispatchCreated)) {
        skips.skipped("event before its delivery's creation", where(envelope), envelope.type());
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
      skips.skipped("event the fold refuses", where(envelope), e.getMessage());
      return view;
    }
    if (StatusTransition.isTransition(envelope)) {
      record(history, envelope, StatusTransition.of(envelope, next.status(), view.status()));
    }
    return next;
  }

  private static void record(SqlArrays history, EventEnvelope envelope, StatusTransition entry) {
    history.row(envelope.dispatchId(), entry.sequence(), entry.status(), entry.previousStatus(), entry.occurredAt(),
        entry.actorType(), entry.actorId(), entry.reasonCode(), entry.detail());
  }

  private Map<UUID, DispatchView> current(Connection connection, String schema, Set<UUID> ids) throws SQLException {
    Map<UUID, DispatchView> views = new HashMap<>();
    if (ids.isEmpty()) {
      return views;
    }
    try (PreparedStatement select = connection.prepareStatement(
        "select id, body from %s.dispatches where id = any(?)".formatted(schema))) {
      select.setArray(1, connection.createArrayOf("uuid", new LinkedHashSet<>(ids).toArray()));
      try (ResultSet row = select.executeQuery()) {
        while (row.next()) {
          views.put(row.getObject(1, UUID.class), json.readValue(row.getString(2), DispatchView.class));
        }
      }
    }
    return views;
  }

  private static String where(EventEnvelope envelope) {
    return "delivery " + envelope.dispatchId() + " #" + envelope.sequence();
  }
}
