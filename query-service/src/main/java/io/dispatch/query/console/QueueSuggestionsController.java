package io.dispatch.query.console;

import io.dispatch.web.Envelope;
import io.dispatch.web.error.ApiException;
import io.dispatch.web.identity.OperatorAccess;
import io.dispatch.web.identity.OperatorPrincipal;
import io.dispatch.web.identity.OperatorRole;
import io.dispatch.web.scheduling.Blocking;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.UUID;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** The queue's one-click assign: whom to send a waiting delivery to (decisions.md §16). */
@Tag(name = "Operator: dispatching")
@RestController
public class QueueSuggestionsController {

    private final QueueSuggestions suggestions;

    public QueueSuggestionsController(QueueSuggestions suggestions) {
        this.suggestions = suggestions;
    }

    @Operation(
            operationId = "getQueueSuggestions",
            summary = "The riders to assign a waiting delivery to, best first",
            description = """
      For a NEW delivery: at most 5 eligible riders (on shift, a position younger than 5 minutes, holding fewer \
      than their maxActive, on the delivery's side of the sandbox line), ranked as the engine ranks them: nearest \
      to the pickup first (great-circle), then the fewest active deliveries. [{rank, riderId, name, \
      distanceMeters (null when the pickup has no coordinates), active, maxActive, lat, lng, recordedAt}]. Riders \
      beyond the policy's radius are listed too: an operator may send anyone (POST \
      /admin/dispatches/:id/assign). Empty when the delivery is no longer NEW. Unknown or malformed id: 404.""")
    @ApiResponse(responseCode = "200", description = "The suggestions, best first")
    @GetMapping(path = "/api/v1/admin/dispatch/queue/{id}/suggestions", produces = MediaType.APPLICATION_JSON_VALUE)
    @OperatorAccess(OperatorRole.DISPATCHER)
    public Mono<Envelope> suggestions(OperatorPrincipal operator, @PathVariable String id) {
        UUID dispatchId = ApiException.pathId(id, "Delivery");
        return Blocking.call(
                        () -> suggestions.forDelivery(dispatchId).orElseThrow(() -> ApiException.notFound("Delivery")))
                .map(Envelope::of);
    }
}
