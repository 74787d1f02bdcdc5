package io.dispatch.command.dispatch.web;

import io.dispatch.command.dispatch.application.DispatchService;
import io.dispatch.command.dispatch.domain.OfferCommands.AssignAutomatically;
import io.dispatch.command.dispatch.domain.OfferCommands.ExpireOffer;
import io.dispatch.command.dispatch.domain.OfferCommands.NoteNoRider;
import io.dispatch.command.dispatch.domain.OfferCommands.OfferToRider;
import io.dispatch.command.dispatch.domain.OfferCommands.WithdrawOffer;
import io.dispatch.command.dispatch.domain.PlanCommands.PlanDelivery;
import io.dispatch.command.dispatch.domain.PlanCommands.ReassignDelivery;
import io.dispatch.command.dispatch.domain.PlannedStops;
import io.dispatch.events.DecisionCandidate;
import io.dispatch.events.DecisionPolicy;
import io.dispatch.web.Envelope;
import io.dispatch.web.error.ApiException;
import io.dispatch.web.identity.OperatorPrincipal;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The dispatch engine's way in (decisions.md §14: the engine "decides by commands through the same
 * aggregate as everyone else"). The engine is its own deployable; it sends each decision here with
 * the operator token, and the aggregate accepts or refuses it like any other command (409 when the
 * delivery moved on meanwhile, e.g. a rider accepted or an operator assigned it). Answers as soon
 * as the events are stored: the engine reads their outcome from the log.
 */
@Tag(name = "Operator: dispatching")
@RestController
public class EngineDecisionController {

    /** What the engine decided, with the inputs the event keeps. */
    public record EngineDecision(
            String type,
            UUID dispatchId,
            UUID offerId,
            UUID riderId,
            UUID fromRiderId,
            Instant expiresAt,
            String reason,
            DecisionPolicy policy,
            List<DecisionCandidate> candidates,
            String rule,
            PlannedStops plan) {}

    public record Decided(UUID dispatchId, long sequence) {}

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final int MAX_CANDIDATES = 10;

    private final DispatchService dispatches;

    public EngineDecisionController(DispatchService dispatches) {
        this.dispatches = dispatches;
    }

    @Operation(
            operationId = "recordEngineDecision",
            summary = "Record a decision of the dispatch engine (the engine's own route)",
            description = """
      Body {type: OFFER|AUTO_ASSIGN|NO_RIDER|EXPIRE|WITHDRAW|PLAN|REASSIGN, dispatchId, offerId?, riderId?, \
      fromRiderId?, expiresAt?, reason?, policy?: {zoneId, mode, version}, candidates?: [...at most 10], rule?, \
      plan?: {estimatedPickupAt, estimatedDeliveryAt, reason, pickupStop, dropoffStop, routeStops, addedSeconds}}. \
      AUTO_ASSIGN with a plan is the route planner's insertion (BATCHED); PLAN moves a delivery its rider holds to \
      a new place on the route; REASSIGN (BATCHED's improvement) gives a delivery the engine assigned and nobody \
      has picked up from fromRiderId to riderId, at plan on that rider's route. Repeating a decision (same \
      offerId, same automatic assignment, same plan, same move) changes nothing; a decision the delivery no \
      longer allows answers 409. Answers {dispatchId, sequence} once stored.""")
    @ApiResponse(responseCode = "200", description = "Stored")
    @PostMapping(
            path = "/api/v1/admin/dispatch/decisions",
            consumes = MediaType.APPLICATION_JSON_VALUE,
            produces = MediaType.APPLICATION_JSON_VALUE)
    public Mono<Envelope> decide(OperatorPrincipal operator, @RequestBody(required = false) JsonNode body) {
        EngineDecision decision = read(body);
        return dispatches
                .decide(command(decision))
                .map(sequence -> Envelope.of(new Decided(decision.dispatchId(), sequence)))
                .onErrorMap(DispatchErrors::toApi);
    }

    private static EngineDecision read(JsonNode body) {
        EngineDecision decision;
        try {
            decision = body == null || !body.isObject() ? null : JSON.treeToValue(body, EngineDecision.class);
        } catch (JacksonException e) {
            throw ApiException.validation("body", "not a decision: " + e.getOriginalMessage());
        }
        if (decision == null || decision.type() == null || decision.dispatchId() == null) {
            throw ApiException.validation("body", "must be a JSON object {type, dispatchId, ...}");
        }
        if (decision.candidates() != null && decision.candidates().size() > MAX_CANDIDATES) {
            throw ApiException.validation("candidates", "at most " + MAX_CANDIDATES);
        }
        return decision;
    }

    private static Object command(EngineDecision d) {
        UUID id = d.dispatchId();
        return switch (d.type()) {
            case "OFFER" ->
                new OfferToRider(
                        id,
                        required(d.offerId(), "offerId"),
                        required(d.riderId(), "riderId"),
                        required(d.expiresAt(), "expiresAt"),
                        required(d.policy(), "policy"),
                        d.candidates(),
                        d.rule());
            case "AUTO_ASSIGN" ->
                new AssignAutomatically(
                        id,
                        required(d.riderId(), "riderId"),
                        required(d.policy(), "policy"),
                        d.candidates(),
                        d.rule(),
                        d.plan() == null ? null : checked(d.plan()));
            case "PLAN" ->
                new PlanDelivery(
                        id,
                        required(d.riderId(), "riderId"),
                        checked(d.plan()),
                        required(d.policy(), "policy"),
                        d.candidates());
            case "REASSIGN" ->
                new ReassignDelivery(
                        id,
                        required(d.fromRiderId(), "fromRiderId"),
                        required(d.riderId(), "riderId"),
                        checked(d.plan()),
                        required(d.policy(), "policy"),
                        d.rule());
            case "NO_RIDER" ->
                new NoteNoRider(id, required(d.reason(), "reason"), required(d.policy(), "policy"), d.candidates());
            case "EXPIRE" -> new ExpireOffer(id, required(d.offerId(), "offerId"));
            case "WITHDRAW" -> new WithdrawOffer(id, required(d.offerId(), "offerId"), required(d.reason(), "reason"));
            default ->
                throw ApiException.validation(
                        "type", "must be OFFER, AUTO_ASSIGN, NO_RIDER, EXPIRE, WITHDRAW, PLAN or REASSIGN");
        };
    }

    private static <T> T required(T value, String field) {
        if (value == null) {
            throw ApiException.validation(field, "is required for this type");
        }
        return value;
    }

    /** A plan names the delivery estimate and sane stop positions; the pickup's only while not picked up. */
    private static PlannedStops checked(PlannedStops plan) {
        required(plan, "plan");
        required(plan.estimatedDeliveryAt(), "plan.estimatedDeliveryAt");
        required(plan.reason(), "plan.reason");
        if (!List.of("INSERTED", "REOPTIMIZED", "REPLANNED").contains(plan.reason())) {
            throw ApiException.validation("plan.reason", "must be INSERTED, REOPTIMIZED or REPLANNED");
        }
        boolean stopsValid = plan.routeStops() >= 1
                && plan.dropoffStop() >= 1
                && plan.dropoffStop() <= plan.routeStops()
                && (plan.pickupStop() == null || (plan.pickupStop() >= 1 && plan.pickupStop() < plan.dropoffStop()))
                && (plan.pickupStop() == null) == (plan.estimatedPickupAt() == null);
        if (!stopsValid) {
            throw ApiException.validation(
                    "plan", "stops must satisfy 1 <= pickupStop < dropoffStop <= routeStops, pickup both or neither");
        }
        if (plan.addedSeconds() < 0) {
            throw ApiException.validation("plan.addedSeconds", "must not be negative");
        }
        return plan;
    }
}
