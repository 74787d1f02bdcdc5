package io.dispatch.command.admin;

import io.dispatch.representation.PublicUrls;
import io.dispatch.web.Envelope;
import io.dispatch.web.error.ApiException;
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
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * Operator API: enrol a rider's phone (decisions.md §16). The rider gets a new token, carried by
 * a link to the rider app and its QR code, which the console shows once; the old token stops
 * working, so enrolling again is also how a lost phone is shut out.
 */
@Tag(name = "Operator: riders")
@RestController
public class RiderEnrolmentController {

    private static final Logger log = LoggerFactory.getLogger(RiderEnrolmentController.class);

    private final RiderAccounts riders;
    private final PublicUrls urls;

    public RiderEnrolmentController(RiderAccounts riders, PublicUrls urls) {
        this.riders = riders;
        this.urls = urls;
    }

    /** The link that opens the rider app with the token, and its QR code. */
    public record Enrolment(UUID riderId, String link, EnrolmentQr qr) {}

    @Operation(
            operationId = "enrolRider",
            summary = "Enrol a rider's phone: a new token as a link and QR code",
            description = """
      No body. Replaces the rider's token (the old one stops working at once here and within the credential \
      cache's lifetime on other instances) and answers {riderId, link, qr: {size, rows}}: link is \
      <dispatch.public-base-url>/rider#token=<token>, which opens the rider app signed in (the token stays in \
      the fragment, never sent to a server in a URL); qr is the link's QR code as rows of '0' and '1' (dark), \
      size by size, without the quiet zone. Shown only here. Unknown or malformed rider id: 404.""")
    @ApiResponse(
            responseCode = "201",
            description = "Enrolled",
            content = @Content(schema = @Schema(implementation = Enrolment.class)))
    @PostMapping(path = "/api/v1/admin/riders/{id}/enrolment", produces = MediaType.APPLICATION_JSON_VALUE)
    @ResponseStatus(HttpStatus.CREATED)
    @OperatorAccess(OperatorRole.DISPATCHER)
    public Mono<Envelope> enrol(OperatorPrincipal operator, @PathVariable String id) {
        UUID riderId = ApiException.pathId(id, "Rider");
        return Blocking.call(() -> riders.renewToken(riderId).orElseThrow(() -> ApiException.notFound("Rider")))
                .map(token -> {
                    log.info(
                            "Enrolled rider {}: new token id {} (by {})",
                            riderId,
                            token.substring(0, token.indexOf('.')),
                            operator.name());
                    String link = urls.baseUrl() + "/rider#token=" + token;
                    return Envelope.of(new Enrolment(riderId, link, EnrolmentQr.of(link)));
                });
    }
}
