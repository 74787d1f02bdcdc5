package io.dispatch.kafka.recovery;

import io.dispatch.web.Envelope;
import io.dispatch.web.error.ApiException;
import io.dispatch.web.identity.OperatorAccess;
import io.dispatch.web.identity.OperatorPrincipal;
import io.dispatch.web.identity.OperatorRole;
import io.dispatch.web.input.QueryNumbers;
import io.dispatch.web.scheduling.Blocking;
import io.dispatch.web.text.TextRule;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.Map;
import java.util.Set;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * The operator's view of dead letters: list them, and ask for a replay once the cause is fixed.
 * Any instance of any service answers (the letters are in the shared database); the service that
 * owns the group applies the replay within {@code dispatch.dead-letters.replay-interval}.
 */
@Tag(name = "Operator: dead letters")
@RestController
@RequestMapping(path = "/api/v1/admin/dead-letters", produces = MediaType.APPLICATION_JSON_VALUE)
public class DeadLetterController {

    private static final Set<String> STATUSES = Set.of("DEAD", "REPLAY_REQUESTED", "REPLAYED");
    private static final int MAX_LIMIT = 200;

    private final DeadLetters letters;

    public DeadLetterController(DeadLetters letters) {
        this.letters = letters;
    }

    @Operation(operationId = "listDeadLetters", summary = "List dead letters, newest first", description = """
      Records a consumer group could not apply after its bounded retries (reason FAILED), and the later \
      records of the same key it held back to keep that delivery's order (reason PARKED). status is DEAD, \
      REPLAY_REQUESTED or REPLAYED. Page with nextCursor (the last id seen).""")
    @ApiResponse(responseCode = "200", description = "The letters")
    @OperatorAccess({OperatorRole.DISPATCHER, OperatorRole.AUDITOR})
    @GetMapping
    public Mono<Envelope> list(
            OperatorPrincipal operator,
            @Parameter(description = "consumer group, e.g. query-service.dispatches") @RequestParam(required = false)
                    String group,
            @Parameter(description = "DEAD, REPLAY_REQUESTED or REPLAYED") @RequestParam(required = false)
                    String status,
            @Parameter(description = "1 to 200, default 50") @RequestParam(required = false) String limit,
            @Parameter(description = "nextCursor of the previous page") @RequestParam(required = false) String cursor) {
        if (group != null
                && (group.isBlank()
                        || group.length() > 255
                        || TextRule.SINGLE_LINE.problem(group).isPresent())) {
            throw ApiException.validation("group", "must be a consumer group name of 1 to 255 printable characters");
        }
        if (status != null && !STATUSES.contains(status)) {
            throw ApiException.validation("status", "must be one of DEAD, REPLAY_REQUESTED, REPLAYED");
        }
        int size = QueryNumbers.wholeNumber(limit, "limit", 1, MAX_LIMIT, 50);
        Long before = cursor == null ? null : cursor(cursor);
        return Blocking.call(() -> letters.list(group, status, before, size))
                .map(page -> Envelope.page(
                        page,
                        size,
                        page.size() == size
                                ? String.valueOf(page.get(page.size() - 1).id())
                                : null));
    }

    @Operation(summary = "Replay dead letters after a fix", description = """
      Body {group, key?}: asks the group's service to apply again every DEAD letter of the group (of one key, \
      e.g. a delivery id, when given), each key's letters in log order. 202 {requested}: how many letters were \
      asked for; they show REPLAYED, or DEAD with replayError when they fail again. The key's later records \
      flow again once all its letters are applied.""")
    @ApiResponse(responseCode = "202", description = "Replay asked for")
    @io.swagger.v3.oas.annotations.parameters.RequestBody(
            content =
                    @io.swagger.v3.oas.annotations.media.Content(
                            schema = @io.swagger.v3.oas.annotations.media.Schema(implementation = ReplayRequest.class)))
    @PostMapping(path = "/replay", consumes = MediaType.APPLICATION_JSON_VALUE)
    public Mono<ResponseEntity<Envelope>> replay(OperatorPrincipal operator, @RequestBody JsonNode body) {
        String group = text(body, "group", true);
        String key = text(body, "key", false);
        return Blocking.call(() -> letters.requestReplay(group, key))
                .map(requested -> ResponseEntity.status(HttpStatus.ACCEPTED)
                        .body(Envelope.of(Map.of("group", group, "requested", requested))));
    }

    /** The body of a replay request, for the OpenAPI document (the handler reads the JSON itself). */
    @io.swagger.v3.oas.annotations.media.Schema(name = "DeadLetterReplayRequest", requiredProperties = "group")
    record ReplayRequest(
            @io.swagger.v3.oas.annotations.media.Schema(
                    minLength = 1,
                    maxLength = 255,
                    description = "consumer group, e.g. query-service.dispatches")
            String group,

            @io.swagger.v3.oas.annotations.media.Schema(
                    minLength = 1,
                    maxLength = 255,
                    description = "only this key's letters (a delivery id)")
            String key) {}

    private static String text(JsonNode body, String field, boolean required) {
        JsonNode value = body == null || !body.isObject() ? null : body.get(field);
        if (value == null || value.isNull()) {
            if (required) {
                throw ApiException.validation(field, "is required");
            }
            return null;
        }
        if (!value.isString()
                || value.stringValue().isBlank()
                || value.stringValue().length() > 255) {
            throw ApiException.validation(field, "must be a string of 1 to 255 characters");
        }
        TextRule.SINGLE_LINE.problem(value.stringValue()).ifPresent(problem -> {
            throw ApiException.validation(field, problem);
        });
        return value.stringValue();
    }

    private static long cursor(String raw) {
        if (raw.matches("[0-9]{1,18}") && Long.parseLong(raw) > 0) {
            return Long.parseLong(raw);
        }
        throw ApiException.validation("cursor", "must be the nextCursor of a previous page");
    }
}
