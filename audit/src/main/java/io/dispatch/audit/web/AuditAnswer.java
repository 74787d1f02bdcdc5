package io.dispatch.audit.web;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.dispatch.audit.application.AuditOutcome;
import io.dispatch.audit.domain.Difference;
import io.dispatch.audit.domain.LoggedEvent;
import io.dispatch.representation.Delivery;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** The audit of one delivery as the operator API answers it (in the success envelope). */
@Schema(
        name = "DispatchAudit",
        requiredProperties = {"dispatchId", "eventCount", "agrees", "differences"})
public record AuditAnswer(
        @Schema(format = "uuid") UUID dispatchId,

        @Schema(
                description = "How many events the delivery's stream holds in the event store (all of them, with or "
                        + "without asOf)")
        int eventCount,

        @Schema(description = "True when every read model equals the fold of all the delivery's events")
        boolean agrees,

        @ArraySchema(arraySchema = @Schema(description = "Every difference found; empty when agrees"))
        List<AuditDifference> differences,

        @JsonInclude(JsonInclude.Include.NON_NULL)
        @Schema(
                description = "Only with ?asOf: the instant asked about, at millisecond precision",
                format = "date-time")
        Instant asOf,

        @JsonInclude(JsonInclude.Include.NON_NULL)
        @Schema(description = "Only with ?asOf: the delivery as it stood then, folded from the events up to asOf")
        Delivery state,

        @JsonInclude(JsonInclude.Include.NON_NULL)
        @ArraySchema(arraySchema = @Schema(description = "Only with ?asOf: the events up to asOf, in sequence order"))
        List<AuditEvent> events) {

    static AuditAnswer of(AuditOutcome.Audited audited, String publicBaseUrl) {
        List<AuditDifference> differences =
                audited.differences().stream().map(AuditDifference::of).toList();
        AuditOutcome.Past past = audited.past();
        return new AuditAnswer(
                audited.dispatchId(),
                audited.eventCount(),
                audited.agrees(),
                differences,
                past == null ? null : past.asOf(),
                past == null ? null : Delivery.from(past.state(), publicBaseUrl),
                past == null ? null : past.events().stream().map(AuditEvent::of).toList());
    }

    /** {@code fromEvents} and {@code readModel} hold JSON trees; typed Object so the document says "any value". */
    @Schema(
            name = "AuditDifference",
            requiredProperties = {"view", "field", "fromEvents", "readModel"})
    public record AuditDifference(
            @Schema(allowableValues = {Difference.DELIVERY, Difference.HISTORY, Difference.WEBHOOKS})
            String view,

            @Schema(description = """
          Dotted name of what differs: a body field (status, pickup.lat), a column copy (columns.updated_at), \
          "*" for a missing deliveries row, history[<sequence>] (.status, ...), webhooks[<notificationId>] \
          (.status, ..., .sourceEvent)""", example = "history[3].status")
            String field,

            @Schema(
                    description = "The value the events give (any JSON value); null when they give none",
                    types = {"string", "number", "integer", "boolean", "object", "array", "null"})
            Object fromEvents,

            @Schema(
                    description = "The value the read model holds (any JSON value); null when it holds none",
                    types = {"string", "number", "integer", "boolean", "object", "array", "null"})
            Object readModel) {

        static AuditDifference of(Difference difference) {
            return new AuditDifference(
                    difference.view(), difference.field(), difference.fromEvents(), difference.readModel());
        }
    }

    @Schema(
            name = "AuditEvent",
            requiredProperties = {"sequence", "type", "occurredAt", "logPosition"})
    public record AuditEvent(
            @Schema(description = "Position in the delivery's own stream, 0 for its creation")
            long sequence,

            @Schema(example = "dispatch.picked_up") String type,
            @Schema(format = "date-time") Instant occurredAt,
            @Schema(description = """
          Position in the whole event log: the event store's global index (command.domain_event_entry.globalIndex); \
          grows with every append, with gaps""") long logPosition) {

        static AuditEvent of(LoggedEvent event) {
            return new AuditEvent(
                    event.envelope().sequence(),
                    event.envelope().type(),
                    event.envelope().occurredAt(),
                    event.logPosition());
        }
    }

    /** Documentation only: the answer in the success envelope. */
    @Schema(name = "DispatchAuditResponse", description = "The audit of one delivery in the success envelope")
    public record Response(@Schema(example = "true") boolean success, AuditAnswer data) {}
}
