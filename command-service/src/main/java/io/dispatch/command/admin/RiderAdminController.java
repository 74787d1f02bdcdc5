package io.dispatch.command.admin;

import io.dispatch.command.dispatch.web.PhoneNumber;
import io.dispatch.command.web.DocumentedBody;
import io.dispatch.command.web.FieldErrors;
import io.dispatch.command.web.Reading;
import io.dispatch.web.Envelope;
import io.dispatch.web.identity.OperatorAccess;
import io.dispatch.web.identity.OperatorPrincipal;
import io.dispatch.web.identity.OperatorRole;
import io.dispatch.web.identity.RiderAccounts;
import io.dispatch.web.scheduling.Blocking;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Instant;
import java.util.UUID;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * Operator API: register riders, real or sandbox (decisions.md §13: a sandbox merchant's
 * deliveries are for sandbox riders only, a real merchant's for real riders only). The rider's
 * token is shown once, in this answer.
 */
@Tag(name = "Operator: riders")
@RestController
public class RiderAdminController {

    private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(RiderAdminController.class);

    private final RiderAccounts riders;

    public RiderAdminController(RiderAccounts riders) {
        this.riders = riders;
    }

    public record RiderCreated(UUID id, String name, String phone, boolean sandbox, String token, Instant createdAt) {}

    @Operation(summary = "Register a rider", description = """
      Body {name, phone, sandbox?}. A sandbox rider (sandbox: true; default false, a real rider) is offered and \
      may take sandbox merchants' deliveries only; a real rider real merchants' only. Answers the rider with \
      its X-Rider-Token, shown only here (only a hash is kept).""")
    @ApiResponse(
            responseCode = "201",
            description = "Registered",
            content = @Content(schema = @Schema(implementation = RiderCreated.class)))
    @io.swagger.v3.oas.annotations.parameters.RequestBody(
            content = @Content(schema = @Schema(implementation = RiderDocument.class)))
    @OperatorAccess({OperatorRole.DISPATCHER})
    @PostMapping(
            path = "/api/v1/admin/riders",
            consumes = MediaType.APPLICATION_JSON_VALUE,
            produces = MediaType.APPLICATION_JSON_VALUE)
    @ResponseStatus(HttpStatus.CREATED)
    public Mono<Envelope> create(OperatorPrincipal operator, @RequestBody(required = false) JsonNode body) {
        FieldErrors errors = new FieldErrors();
        RiderDocument rider = DocumentedBody.of(RiderDocument.class).readBody(body, "{name, phone, sandbox?}", errors);
        errors.throwIfAny();
        String name = rider.name();
        String phone = rider.phone();
        boolean sandbox = Boolean.TRUE.equals(rider.sandbox());
        return Blocking.call(() -> riders.createRider(name.strip(), phone, sandbox))
                .doOnNext(r -> log.info(
                        "Registered rider {} ({}, {}); token id {}",
                        r.id(),
                        r.name(),
                        r.sandbox() ? "sandbox" : "real",
                        r.token().substring(0, r.token().indexOf('.'))))
                .map(r -> Envelope.of(
                        new RiderCreated(r.id(), r.name(), r.phone(), r.sandbox(), r.token(), r.createdAt())));
    }

    @Schema(
            name = "RiderRequest",
            requiredProperties = {"name", "phone"})
    record RiderDocument(
            @Schema(minLength = 1, maxLength = 200) String name,

            @Schema(
                    minLength = PhoneNumber.MIN_LENGTH,
                    maxLength = PhoneNumber.MAX_LENGTH,
                    pattern = PhoneNumber.PATTERN,
                    example = "+254 711 000 002")
            @Reading(unmatched = PhoneNumber.MESSAGE)
            String phone,

            @Schema(
                    defaultValue = "false",
                    description =
                            "A sandbox rider takes sandbox merchants' deliveries only; a real one real merchants'")
            Boolean sandbox) {}
}
