package io.dispatch.audit.application;

import io.dispatch.audit.domain.DeliveryComparison;
import io.dispatch.audit.domain.Difference;
import io.dispatch.audit.domain.HistoryComparison;
import io.dispatch.audit.domain.LoggedEvent;
import io.dispatch.audit.domain.WebhookComparison;
import io.dispatch.audit.infrastructure.ReadModelTables;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.view.DispatchView;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.ObjectMapper;

/**
 * Audits one delivery: re-folds its events from the log ({@link DeliveryLog}) with the fold every read model
 * uses, and compares the result with the deliveries row, the status history and the webhook
 * records. The differences always compare the read models with the fold of all the events (the
 * read models hold the current state), with or without an instant asked about; the instant adds
 * the state then, folded from the events up to it.
 *
 * <p>Everything is read in one read-only REPEATABLE READ transaction, so the event store and the
 * read models are seen at one moment: a read model can then only lag the log (its projection has
 * not applied the newest events yet), never be ahead of it.
 */
@Service
public class DispatchAudit {

    private final DeliveryLog log;
    private final ReadModelTables readModels;
    private final TransactionTemplate snapshot;
    private final DeliveryComparison deliveries;
    private final HistoryComparison history;
    private final WebhookComparison webhooks;

    public DispatchAudit(
            DeliveryLog log,
            ReadModelTables readModels,
            PlatformTransactionManager transactionManager,
            ObjectMapper json) {
        this.log = log;
        this.readModels = readModels;
        this.snapshot = new TransactionTemplate(transactionManager);
        snapshot.setReadOnly(true);
        snapshot.setIsolationLevel(TransactionDefinition.ISOLATION_REPEATABLE_READ);
        this.deliveries = new DeliveryComparison(json);
        this.history = new HistoryComparison(json);
        this.webhooks = new WebhookComparison(json);
    }

    /** @param asOf the instant to show the delivery at, or null for none */
    public AuditOutcome audit(UUID dispatchId, Instant asOf) {
        return snapshot.execute(status -> auditInSnapshot(dispatchId, asOf));
    }

    private AuditOutcome auditInSnapshot(UUID dispatchId, Instant asOf) {
        List<LoggedEvent> logged = log.read(dispatchId);
        List<EventEnvelope> events = logged.stream().map(LoggedEvent::envelope).toList();
        Optional<DispatchView> folded = DispatchView.fold(events);
        if (folded.isEmpty()) {
            return new AuditOutcome.Unknown();
        }
        AuditOutcome.Past past = null;
        if (asOf != null) {
            List<LoggedEvent> then = upTo(logged, asOf);
            Optional<DispatchView> stateThen =
                    DispatchView.fold(then.stream().map(LoggedEvent::envelope).toList());
            if (stateThen.isEmpty()) {
                return new AuditOutcome.NotYetCreated(folded.get().createdAt());
            }
            past = new AuditOutcome.Past(asOf, stateThen.get(), then);
        }
        List<Difference> differences = new ArrayList<>();
        differences.addAll(deliveries.compare(folded.get(), readModels.delivery(dispatchId)));
        differences.addAll(history.compare(HistoryComparison.expected(events), readModels.history(dispatchId)));
        differences.addAll(
                webhooks.compare(events, readModels.notifications(dispatchId), readModels.webhookAttempts(dispatchId)));
        return new AuditOutcome.Audited(dispatchId, logged.size(), differences, past);
    }

    /**
     * The longest start of the stream whose events occurred at or before {@code asOf}: a state the
     * delivery really passed through, even were a later event stamped earlier by a skewed clock.
     */
    static List<LoggedEvent> upTo(List<LoggedEvent> logged, Instant asOf) {
        List<LoggedEvent> then = new ArrayList<>();
        for (LoggedEvent event : logged) {
            if (event.envelope().occurredAt().isAfter(asOf)) {
                break;
            }
            then.add(event);
        }
        return then;
    }
}
