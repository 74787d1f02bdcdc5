package io.dispatch.webhook.notification;

import io.dispatch.events.DeliveryPinEvent;
import io.dispatch.events.DispatchCreated;
import io.dispatch.events.DispatchLifecycleEvent;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.RiderLocationUpdated;
import io.dispatch.events.view.DispatchView;
import io.dispatch.webhook.delivery.WebhookSender;
import io.dispatch.webhook.endpoint.WebhookEndpoints;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.ObjectMapper;

/**
 * Turns dispatch events into notifications for the merchant's endpoint, when one is registered
 * at that moment. The folded delivery state and the notification (with its body bytes, fixed
 * here for every attempt) are written in one transaction before the listener returns, and only
 * then is the Kafka offset committed: a crash re-reads the event, and the source event id makes
 * the second recording a no-op. The delivery state is folded for every merchant, so a merchant
 * that registers later still gets complete payloads. The PIN guard's events are folded (they
 * advance the sequence) but never notified: merchants are not told of wrong PIN guesses.
 */
@Component
public class NotificationRecorder {

  public static final String GROUP = "webhook-dispatcher";
  private static final Logger log = LoggerFactory.getLogger(NotificationRecorder.class);

  private final JdbcTemplate jdbc;
  private final TransactionTemplate transactions;
  private final WebhookEndpoints endpoints;
  private final Notifications notifications;
  private final WebhookSender sender;
  private final ObjectMapper json;
  private final Clock clock;

  public NotificationRecorder(
      JdbcTemplate jdbc,
      TransactionTemplate transactions,
      WebhookEndpoints endpoints,
      Notifications notifications,
      WebhookSender sender,
      ObjectMapper json,
      Optional<Clock> clock) {
    this.jdbc = jdbc;
    this.transactions = transactions;
    this.endpoints = endpoints;
    this.notifications = notifications;
    this.sender = sender;
    this.json = json;
    this.clock = clock.orElse(Clock.systemUTC());
  }

  /**
   * A whole poll in one transaction: the per-event work is a few statements, so committing once
   * per batch rather than once per event is what keeps recording ahead of busy creators. A
   * failure rolls the batch back and the container retries it whole.
   */
  @KafkaListener(
      id = GROUP,
      groupId = GROUP,
      topics = "dispatch-events",
      containerFactory = "webhookListenerContainerFactory",
      batch = "true")
  public void on(List<ConsumerRecord<String, EventEnvelope>> records) {
    Integer created = transactions.execute(status -> {
      int count = 0;
      for (ConsumerRecord<String, EventEnvelope> record : records) {
        if (record.value() == null) {
          log.warn("Skipping unreadable record at {}-{}@{}", record.topic(), record.partition(), record.offset());
        } else if (record(record.value())) {
          count++;
        }
      }
      return count;
    });
    if (created != null && created > 0) {
      sender.nudge();
    }
  }

  /** True when a new notification became due. */
  boolean record(EventEnvelope envelope) {
    if (!(envelope.event() instanceof DispatchLifecycleEvent)) {
      return false;
    }
    Optional<DispatchView> current = jdbc.query(
            "select body from webhook.dispatch_state where dispatch_id = ? for update",
            (rs, i) -> json.readValue(rs.getString(1), DispatchView.class), envelope.dispatchId())
        .stream()
        .findFirst();
    DispatchView view;
    if (current.isEmpty()) {
      if (!(envelope.event() instanceof DispatchCreated)) {
        return false;
      }
      view = DispatchView.created(envelope);
      jdbc.update("insert into webhook.dispatch_state (dispatch_id, last_sequence, body) values (?, ?, ?::jsonb)",
          view.dispatchId(), view.sequence(), json.writeValueAsString(view));
    } else {
      if (envelope.sequence() <= current.get().sequence()) {
        return false;
      }
      view = current.get().apply(envelope);
      jdbc.update("update webhook.dispatch_state set last_sequence = ?, body = ?::jsonb where dispatch_id = ?",
          view.sequence(), json.writeValueAsString(view), view.dispatchId());
    }
    if (envelope.event() instanceof DeliveryPinEvent || !endpoints.exists(envelope.merchantId())) {
      return false;
    }
    byte[] body = envelope.event() instanceof RiderLocationUpdated location
        ? WebhookPayloads.location(view, location)
        : WebhookPayloads.lifecycle(envelope.type(), view);
    return notifications.create(UUID.randomUUID(), envelope.eventId(), envelope.dispatchId(), envelope.merchantId(),
        envelope.sequence(), envelope.type(), body, clock.instant());
  }
}
