package io.dispatch.webhook.endpoint;

import io.dispatch.webhook.notification.Notifications;
import io.micrometer.core.instrument.MeterRegistry;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Endpoint health (decisions.md §9). A 410, or {@value #FAILED_IN_A_ROW} notifications in a row
 * ending FAILED, disable a merchant's endpoint: from then on its notifications are kept PENDING
 * (each says so in its last error, so the delivery's webhook list shows it) and nothing is sent
 * but a signed probe every {@code probe-interval}. A 2xx to a probe, or the operator or the
 * merchant, enable it again, and everything kept becomes due at once. Every change is logged,
 * counted ({@code dispatch.webhook.endpoint.disabled{reason}},
 * {@code dispatch.webhook.endpoint.enabled{by}}) and shown by {@link #view}.
 */
@Component
public class EndpointHealth {

    public static final int FAILED_IN_A_ROW = 5;
    private static final Logger log = LoggerFactory.getLogger(EndpointHealth.class);

    /** An endpoint's state. */
    public enum Status {
        ACTIVE,
        DISABLED
    }

    /** Why an endpoint was disabled, as counted in the metrics. */
    public enum Cause {
        GONE,
        FAILURES
    }

    /** Who enabled it again, as counted in the metrics. */
    public enum EnabledBy {
        PROBE,
        OPERATOR,
        MERCHANT
    }

    /** GET /api/v1/external/webhooks: the endpoint, its state and its counters. */
    @Schema(name = "WebhookEndpoint")
    public record View(
            @Schema(
                    requiredMode = RequiredMode.REQUIRED,
                    format = "uri",
                    example = "https://shop.example/hooks/dispatch")
            String url,

            @Schema(requiredMode = RequiredMode.REQUIRED, description = """
          ACTIVE: notifications are sent. DISABLED (after a 410 answer, or 5 notifications in a row ending \
          FAILED): new notifications are kept PENDING and only a probe is sent, every probe-interval""")
            Status status,

            @Schema(
                    requiredMode = RequiredMode.REQUIRED,
                    nullable = true,
                    example = "the endpoint answered 410 Gone",
                    description = "Why it was disabled; null while ACTIVE")
            String disabledReason,

            @Schema(requiredMode = RequiredMode.REQUIRED, nullable = true, description = "null while ACTIVE")
            Instant disabledAt,

            @Schema(
                    requiredMode = RequiredMode.REQUIRED,
                    minimum = "0",
                    description = "Notifications PENDING now (waiting, retrying, or kept while disabled)")
            long pending,

            @Schema(
                    requiredMode = RequiredMode.REQUIRED,
                    minimum = "0",
                    description = "Notifications that ended SUCCEEDED in the last 24 hours")
            long succeededLast24h,

            @Schema(
                    requiredMode = RequiredMode.REQUIRED,
                    minimum = "0",
                    description = "Notifications that ended FAILED in the last 24 hours")
            long failedLast24h) {}

    private final JdbcTemplate jdbc;
    private final TransactionTemplate transactions;
    private final Notifications notifications;
    private final EndpointHealthCounters counters;
    private final Clock clock;

    public EndpointHealth(
            JdbcTemplate jdbc,
            TransactionTemplate transactions,
            Notifications notifications,
            MeterRegistry meters,
            Clock clock) {
        this.jdbc = jdbc;
        this.transactions = transactions;
        this.notifications = notifications;
        this.counters = new EndpointHealthCounters(meters);
        this.clock = clock;
    }

    /**
     * Disables the endpoint if it is ACTIVE; its first probe goes out at {@code firstProbeAt}.
     * True when this call disabled it.
     */
    public boolean disable(UUID merchantId, Cause cause, String reason, Instant firstProbeAt) {
        Instant now = clock.instant();
        Boolean disabled = transactions.execute(status -> {
            int changed = jdbc.update("""
          update webhook.endpoints
             set status = 'DISABLED', disabled_reason = ?, disabled_at = ?, next_probe_at = ?
           where merchant_id = ? and status = 'ACTIVE'""", reason, Timestamp.from(now), Timestamp.from(firstProbeAt), merchantId);
            if (changed == 0) {
                return false;
            }
            notifications.keep(
                    merchantId,
                    "the endpoint was disabled at " + now + " (" + reason + "); sent once it is enabled again",
                    now);
            return true;
        });
        if (Boolean.TRUE.equals(disabled)) {
            counters.disabled(cause);
            log.warn(
                    "Webhook endpoint of merchant {} DISABLED: {}. Its notifications are kept; the first probe goes out "
                            + "at {}",
                    merchantId,
                    reason,
                    firstProbeAt);
            return true;
        }
        return false;
    }

    /**
     * A notification to this endpoint ended FAILED; the {@value #FAILED_IN_A_ROW}th in a row
     * disables it (a success breaks the run: {@code NotificationClaims.recordAttempts} resets it). True
     * when this one disabled it.
     */
    public boolean notificationFailed(UUID merchantId, String lastError, Instant firstProbeAt) {
        List<Integer> inARow = jdbc.queryForList("""
        update webhook.endpoints set consecutive_failures = consecutive_failures + 1
         where merchant_id = ? and status = 'ACTIVE'
        returning consecutive_failures""", Integer.class, merchantId);
        if (inARow.isEmpty() || inARow.getFirst() < FAILED_IN_A_ROW) {
            return false;
        }
        return disable(
                merchantId,
                Cause.FAILURES,
                inARow.getFirst() + " notifications in a row ended FAILED; the last: " + lastError,
                firstProbeAt);
    }

    /**
     * Enables the endpoint (a no-op when it is ACTIVE): the run of failures starts again from
     * zero and every kept notification is due now. Empty when the merchant has no endpoint.
     */
    public Optional<View> enable(UUID merchantId, EnabledBy by) {
        Instant now = clock.instant();
        Boolean enabled = transactions.execute(status -> {
            List<String> current = jdbc.queryForList(
                    "select status from webhook.endpoints where merchant_id = ? for update", String.class, merchantId);
            if (current.isEmpty()) {
                return null;
            }
            if (current.getFirst().equals(Status.ACTIVE.name())) {
                return false;
            }
            jdbc.update("""
          update webhook.endpoints
             set status = 'ACTIVE', disabled_reason = null, disabled_at = null, consecutive_failures = 0,
                 next_probe_at = null
           where merchant_id = ?""", merchantId);
            int released = notifications.release(merchantId, now);
            log.info(
                    "Webhook endpoint of merchant {} enabled again by the {}; {} kept notification(s) are due now",
                    merchantId,
                    by.name().toLowerCase(),
                    released);
            return true;
        });
        if (enabled == null) {
            return Optional.empty();
        }
        if (enabled) {
            counters.enabled(by);
        }
        return view(merchantId);
    }

    /** The endpoint, its state and counters; empty when the merchant has no endpoint. */
    public Optional<View> view(UUID merchantId) {
        return EndpointViews.read(jdbc, notifications, merchantId, clock.instant());
    }

    /** What a notification created while its endpoint is disabled says, as its last error. */
    public static String keptBecause(String disabledReason) {
        return "the endpoint is disabled (" + disabledReason + "); sent once it is enabled again";
    }

    /**
     * Claims the disabled endpoints whose probe is due, at most {@code limit}: each one's next
     * probe moves to {@code nextProbeAt}, so only one dispatcher probes it this round.
     */
    public List<UUID> claimProbes(int limit, Instant nextProbeAt) {
        Instant now = clock.instant();
        return jdbc.queryForList("""
        update webhook.endpoints set next_probe_at = ?
         where merchant_id in (select merchant_id from webhook.endpoints
                                where status = 'DISABLED' and next_probe_at <= ?
                                order by next_probe_at limit ? for update skip locked)
        returning merchant_id""", UUID.class, Timestamp.from(nextProbeAt), Timestamp.from(now), limit);
    }
}
