package io.dispatch.command.dispatching.web;

import io.dispatch.command.dispatching.roster.RiderRoster;
import io.dispatch.web.Envelope;
import io.dispatch.web.error.ApiException;
import io.dispatch.web.identity.RiderPrincipal;
import io.dispatch.web.scheduling.Blocking;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.UUID;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * Who the calling rider is: what the rider app shows once a phone is enrolled with the token, and
 * where it learns whether the rider is on shift (docs/rider-app.md).
 */
@Tag(name = "Rider")
@RestController
public class RiderProfileController {

    private final RiderRoster roster;

    public RiderProfileController(RiderRoster roster) {
        this.roster = roster;
    }

    /** The rider as the rider sees itself. */
    public record Me(UUID id, String name, boolean onShift, int maxActive) {}

    @Operation(operationId = "riderMe", summary = "Who the token belongs to", description = """
      {id, name, onShift, maxActive}: the rider the X-Rider-Token was given to, whether it is on shift, and how many \
      deliveries it may hold at once.""")
    @ApiResponse(
            responseCode = "200",
            description = "The rider",
            content = @Content(schema = @Schema(implementation = Me.class)))
    @GetMapping(path = "/api/v1/rider/me", produces = MediaType.APPLICATION_JSON_VALUE)
    public Mono<Envelope> me(RiderPrincipal rider) {
        return Blocking.call(() -> roster.find(rider.riderId())
                        .map(found -> new Me(
                                found.id(),
                                found.name(),
                                "ON".equals(found.shift().status()),
                                found.maxActive()))
                        .orElseThrow(() -> ApiException.notFound("Rider")))
                .map(Envelope::of);
    }
}
