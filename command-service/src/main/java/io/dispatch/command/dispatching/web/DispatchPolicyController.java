package io.dispatch.command.dispatching.web;

import io.dispatch.command.dispatching.policy.DispatchPolicies;
import io.dispatch.command.dispatching.policy.DispatchPolicy;
import io.dispatch.command.dispatching.policy.DispatchPolicy.DispatchMode;
import io.dispatch.command.dispatching.policy.DispatchPolicy.Fallback;
import io.dispatch.command.pricing.admin.ZoneAdministration;
import io.dispatch.command.web.DocumentedBody;
import io.dispatch.command.web.FieldErrors;
import io.dispatch.web.Envelope;
import io.dispatch.web.error.ApiException;
import io.dispatch.web.identity.OperatorAccess;
import io.dispatch.web.identity.OperatorPrincipal;
import io.dispatch.web.identity.OperatorRole;
import io.dispatch.web.scheduling.Blocking;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * Operator API: each zone's dispatching policy (decisions.md §14). A delivery follows the policy
 * of its pickup zone (else zone {@code default}'s) as it was when the delivery was created; every
 * change is a new version, and the dispatcher's decisions name the version they followed.
 */
@Tag(name = "Operator: dispatching")
@RestController
@OperatorAccess({OperatorRole.DISPATCHER})
@RequestMapping(path = "/api/v1/admin/dispatch/policies", produces = MediaType.APPLICATION_JSON_VALUE)
public class DispatchPolicyController {

    private static final Logger log = LoggerFactory.getLogger(DispatchPolicyController.class);
    private static final Duration SHORTEST_TIMEOUT = Duration.ofSeconds(5);
    private static final Duration LONGEST_TIMEOUT = Duration.ofMinutes(10);

    private final DispatchPolicies policies;
    private final ZoneAdministration zones;

    public DispatchPolicyController(DispatchPolicies policies, ZoneAdministration zones) {
        this.policies = policies;
        this.zones = zones;
    }

    /** A policy as the API shows it. */
    public record PolicyView(
            String zoneId,
            String mode,
            @Schema(example = "PT30S") String offerTimeout,
            int maxOffers,
            int radiusMeters,
            String fallback,
            long version,
            Instant updatedAt) {

        static PolicyView of(DispatchPolicy policy) {
            return new PolicyView(
                    policy.zoneId(),
                    policy.mode().name(),
                    policy.offerTimeout().toString(),
                    policy.maxOffers(),
                    policy.radiusMeters(),
                    policy.fallback().name(),
                    policy.version(),
                    policy.updatedAt());
        }
    }

    @Schema(name = "DispatchPolicyRequest", requiredProperties = "mode")
    record PolicyDocument(
            @Schema(
                    allowableValues = {"MANUAL", "BROADCAST", "RANKED", "AUTO_ASSIGN", "BATCHED"},
                    description =
                            "BATCHED: the route planner inserts each delivery into the riders' routes (decisions.md §15)")
            String mode,

            @Schema(
                    example = "PT30S",
                    defaultValue = "PT30S",
                    description = "ISO 8601 duration from PT5S to PT10M: how long a rider has to answer an offer")
            String offerTimeout,

            @Schema(
                    minimum = "1",
                    maximum = "50",
                    defaultValue = "5",
                    description = "RANKED: offers before the fallback")
            Integer maxOffers,

            @Schema(
                    minimum = "100",
                    maximum = "100000",
                    defaultValue = "5000",
                    description = "how far riders are looked for")
            Integer radiusMeters,

            @Schema(
                    allowableValues = {"OPERATOR_QUEUE", "BROADCAST"},
                    defaultValue = "OPERATOR_QUEUE",
                    description = "where a delivery goes when ranked offers run out")
            String fallback) {}

    @Operation(operationId = "listDispatchPolicies", summary = "The dispatching policies", description = """
      Zone default first (MANUAL at version 0 until an operator sets it), then every zone with a policy of its \
      own. A zone without one follows default.""")
    @ApiResponse(responseCode = "200", description = "The policies")
    @GetMapping
    public Mono<Envelope> list(OperatorPrincipal operator) {
        return Blocking.call(() -> policies.all().stream().map(PolicyView::of).toList())
                .map(Envelope::of);
    }

    @Operation(operationId = "putDispatchPolicy", summary = "Set a zone's dispatching policy", description = """
      Body {mode, offerTimeout?, maxOffers?, radiusMeters?, fallback?}; left out: PT30S, 5, 5000, OPERATOR_QUEUE. \
      mode MANUAL (riders take NEW deliveries from the open list), BROADCAST (offered to every eligible rider in \
      radius at once, first to accept holds it), RANKED (offered to the best eligible rider alone for \
      offerTimeout, then the next, up to maxOffers, then the fallback), AUTO_ASSIGN (the best eligible rider is \
      assigned at once and may decline), BATCHED (the route planner inserts the delivery into the route of the \
      eligible rider with room where it adds least time, assigns it at once, and keeps the routes improved; a rider \
      holds up to maxActive). zoneId is default or a zone \
      of GET /admin/zones (else 404). Answers the policy with its new version; deliveries created from now on \
      follow it (those already created keep theirs).""")
    @ApiResponse(
            responseCode = "200",
            description = "The policy, version + 1",
            content = @Content(schema = @Schema(implementation = PolicyView.class)))
    @io.swagger.v3.oas.annotations.parameters.RequestBody(
            content = @Content(schema = @Schema(implementation = PolicyDocument.class)))
    @PutMapping(path = "/{zoneId}", consumes = MediaType.APPLICATION_JSON_VALUE)
    public Mono<Envelope> put(
            OperatorPrincipal operator, @PathVariable String zoneId, @RequestBody(required = false) JsonNode body) {
        DispatchPolicies.Setting setting = setting(body);
        return Blocking.call(() -> {
                    if (!DispatchPolicy.DEFAULT_ZONE.equals(zoneId)
                            && zones.zones().stream()
                                    .noneMatch(zone -> zone.id().equals(zoneId))) {
                        throw ApiException.notFound("Zone");
                    }
                    DispatchPolicy stored = policies.put(zoneId, setting, operator.name());
                    log.info(
                            "Dispatching policy of zone {} is now {} (version {}, by {})",
                            zoneId,
                            stored.mode(),
                            stored.version(),
                            operator.name());
                    return stored;
                })
                .map(stored -> Envelope.of(PolicyView.of(stored)));
    }

    private static DispatchPolicies.Setting setting(JsonNode body) {
        FieldErrors errors = new FieldErrors();
        PolicyDocument given = DocumentedBody.of(PolicyDocument.class)
                .readBody(body, "{mode, offerTimeout?, maxOffers?, radiusMeters?, fallback?}", errors);
        Duration timeout = DispatchPolicy.DEFAULT_OFFER_TIMEOUT;
        if (given != null && given.offerTimeout() != null) {
            timeout = timeout(given.offerTimeout(), errors);
        }
        errors.throwIfAny();
        return new DispatchPolicies.Setting(
                DispatchMode.valueOf(given.mode()),
                timeout,
                given.maxOffers() == null ? DispatchPolicy.DEFAULT_MAX_OFFERS : given.maxOffers(),
                given.radiusMeters() == null ? DispatchPolicy.DEFAULT_RADIUS_METERS : given.radiusMeters(),
                given.fallback() == null ? Fallback.OPERATOR_QUEUE : Fallback.valueOf(given.fallback()));
    }

    private static Duration timeout(String raw, FieldErrors errors) {
        try {
            Duration parsed = Duration.parse(raw);
            if (parsed.compareTo(SHORTEST_TIMEOUT) >= 0 && parsed.compareTo(LONGEST_TIMEOUT) <= 0) {
                return Duration.ofSeconds(parsed.toSeconds());
            }
        } catch (DateTimeParseException e) {
            // reported below
        }
        errors.add("offerTimeout", "must be an ISO 8601 duration from PT5S to PT10M, e.g. PT30S");
        return null;
    }
}
