package io.dispatch.webhook.web;

import io.dispatch.web.Envelope;
import io.dispatch.web.identity.OperatorAccess;
import io.dispatch.web.identity.OperatorPrincipal;
import io.dispatch.web.identity.OperatorRole;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.UUID;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * Operator API: the merchants' webhook endpoints that are disabled now, for the console's
 * exceptions (decisions.md §16). Each one is enabled again by a probe, the merchant or
 * {@code POST /api/v1/admin/merchants/:id/webhook/enable}.
 */
@Tag(name = "Operator: webhooks")
@RestController
public class DisabledEndpointsController {

    /** The most endpoints listed; a platform with more disabled ones has a larger problem than a list. */
    static final int LIMIT = 200;

    private final JdbcTemplate jdbc;

    public DisabledEndpointsController(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** A disabled endpoint: whose, where, why and since when. */
    public record DisabledEndpoint(UUID merchantId, String url, String disabledReason, Instant disabledAt) {}

    @Operation(operationId = "listDisabledWebhookEndpoints", summary = "Disabled webhook endpoints", description = """
      Every merchant's endpoint that is DISABLED now (after a 410, or 5 notifications in a row ending FAILED), \
      most recently disabled first, at most 200: [{merchantId, url, disabledReason, disabledAt}].""")
    @ApiResponse(responseCode = "200", description = "The disabled endpoints")
    @GetMapping(path = "/api/v1/admin/webhooks/disabled", produces = MediaType.APPLICATION_JSON_VALUE)
    @OperatorAccess({OperatorRole.DISPATCHER, OperatorRole.AUDITOR})
    public Mono<Envelope> disabled(OperatorPrincipal operator) {
        return EndpointRoutes.blocking(() -> Envelope.of(jdbc.query(
                """
            select merchant_id, url, disabled_reason, disabled_at from webhook.endpoints
             where status = 'DISABLED' order by disabled_at desc, merchant_id limit ?""",
                (rs, i) -> {
                    Timestamp at = rs.getTimestamp("disabled_at");
                    return new DisabledEndpoint(
                            rs.getObject("merchant_id", UUID.class),
                            rs.getString("url"),
                            rs.getString("disabled_reason"),
                            at == null ? null : at.toInstant());
                },
                LIMIT)));
    }
}
