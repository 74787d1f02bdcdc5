package io.dispatch.command.rider.web;

import io.dispatch.command.dispatch.application.DispatchService;
import io.dispatch.command.dispatch.application.Written;
import io.dispatch.command.dispatch.domain.DispatchCommands.AssignRider;
import io.dispatch.command.dispatch.domain.DispatchCommands.ConfirmDelivery;
import io.dispatch.command.dispatch.domain.DispatchCommands.ConfirmPickup;
import io.dispatch.command.dispatch.domain.DispatchCommands.DepartForDropoff;
import io.dispatch.command.dispatch.domain.DispatchCommands.FailDispatch;
import io.dispatch.command.dispatch.web.DispatchErrors;
import io.dispatch.command.dispatch.web.FailureRequest;
import io.dispatch.command.rider.RiderLocations;
import io.dispatch.command.web.DocumentedBody;
import io.dispatch.command.web.FieldErrors;
import io.dispatch.events.Actor;
import io.dispatch.events.ProofOfDelivery.ProofType;
import io.dispatch.representation.DeliveryResponses;
import io.dispatch.representation.RiderDelivery;
import io.dispatch.web.Envelope;
import io.dispatch.web.error.ApiException;
import io.dispatch.web.identity.RiderAccounts.Position;
import io.dispatch.web.identity.RiderPrincipal;
import io.dispatch.web.openapi.ApiSchemas;
import io.dispatch.web.scheduling.Blocking;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.function.Function;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * The rider's writes: take a delivery, collect it, set off, hand it over with proof, or give it
 * up with a reason; and report where the rider is. Every action answers the delivery after the
 * change as a {@link RiderDelivery}, the form of the rider who holds it (decisions.md §13):
 * customer name, phone and drop-off, but never its PIN (the customer gives the PIN at the door)
 * nor the tracking token and link (the tracking page shows the PIN). A delivery across the sandbox
 * line from the rider answers 404, as one the rider may not see (the aggregate's
 * {@code SandboxLine}).
 */
@Tag(name = "Rider", description = "Riders take offers and drive their deliveries to DELIVERED or FAILED")
@RestController
@RequestMapping(path = "/api/v1/rider", produces = MediaType.APPLICATION_JSON_VALUE)
public class RiderController {

    /** How far ahead of the server's clock a device's timestamp may be. */
    private static final Duration MAX_CLOCK_AHEAD = Duration.ofMinutes(5);

    private static final Duration MAX_AGE = Duration.ofHours(24);

    private final DispatchService dispatches;
    private final RiderLocations locations;
    private final Clock clock;

    public RiderController(DispatchService dispatches, RiderLocations locations, Clock clock) {
        this.dispatches = dispatches;
        this.locations = locations;
        this.clock = clock;
    }

    @Operation(summary = "Take a NEW delivery", description = """
      NEW becomes ASSIGNED to the calling rider, who from now on sees the customer's name, phone and drop-off. \
      When riders race for one delivery exactly one wins; the others get 409 CONFLICT with \
      details.currentStatus. A sandbox merchant's delivery is for sandbox riders only and a real merchant's \
      for real riders only: across that line 404 NOT_FOUND, here and on every rider action.""")
    @ApiResponse(
            responseCode = "200",
            description =
                    "Now ASSIGNED to this rider (no deliveryPin, trackingToken or trackingUrl, as in every rider answer)",
            content = @Content(schema = @Schema(implementation = DeliveryResponses.RiderDeliveryResponse.class)))
    @PostMapping("/dispatches/{id}/accept")
    public Mono<Envelope> accept(RiderPrincipal rider, @PathVariable String id) {
        return act(rider, id, dispatchId -> new AssignRider(dispatchId, rider.riderId(), Actor.rider(rider.riderId())));
    }

    @Operation(
            summary = "Confirm the parcel is collected",
            description = "ASSIGNED to PICKED_UP; only the assigned rider (else 403).")
    @ApiResponse(
            responseCode = "200",
            description = "Now PICKED_UP",
            content = @Content(schema = @Schema(implementation = DeliveryResponses.RiderDeliveryResponse.class)))
    @PostMapping("/dispatches/{id}/pickup")
    public Mono<Envelope> pickup(RiderPrincipal rider, @PathVariable String id) {
        return act(rider, id, dispatchId -> new ConfirmPickup(dispatchId, rider.riderId()));
    }

    @Operation(summary = "Set off for the customer", description = "PICKED_UP to IN_TRANSIT (event dispatch.en_route).")
    @ApiResponse(
            responseCode = "200",
            description = "Now IN_TRANSIT",
            content = @Content(schema = @Schema(implementation = DeliveryResponses.RiderDeliveryResponse.class)))
    @PostMapping("/dispatches/{id}/depart")
    public Mono<Envelope> depart(RiderPrincipal rider, @PathVariable String id) {
        return act(rider, id, dispatchId -> new DepartForDropoff(dispatchId, rider.riderId()));
    }

    @Operation(summary = "Hand the parcel over, with proof", description = """
      IN_TRANSIT to DELIVERED. Body {proof: {type: PHOTO|SIGNATURE|PIN, recipientName, photoUrl?, \
      signatureUrl?, pin?}}: PHOTO needs photoUrl, SIGNATURE needs signatureUrl, PIN needs the 4 digits the \
      customer gives, which must match the delivery's. A wrong PIN answers 422 on proof.pin with the guesses \
      left in the message and details.pinGuessesLeft; after 5 wrong guesses PIN proofs are locked and answer \
      409 CONFLICT with details.pinLocked: true until an operator resets them (PHOTO and SIGNATURE proofs \
      still work).""")
    @ApiResponse(
            responseCode = "200",
            description = "Now DELIVERED, proofOfDelivery attached",
            content = @Content(schema = @Schema(implementation = DeliveryResponses.RiderDeliveryResponse.class)))
    @ApiResponse(
            responseCode = "409",
            description = """
      Not IN_TRANSIT (details.currentStatus), or PIN proofs locked after 5 wrong guesses (details.pinLocked: true)""",
            content = @Content(schema = @Schema(implementation = ApiSchemas.ErrorResponse.class)))
    @ApiResponse(
            responseCode = "422",
            description = """
      Invalid proof; a wrong PIN names proof.pin and carries details.pinGuessesLeft (0 once it locked PIN proofs)""",
            content = @Content(schema = @Schema(implementation = ApiSchemas.ErrorResponse.class)))
    @io.swagger.v3.oas.annotations.parameters.RequestBody(
            content = @Content(schema = @Schema(implementation = DeliverDocument.class)))
    @PostMapping(path = "/dispatches/{id}/deliver", consumes = MediaType.APPLICATION_JSON_VALUE)
    public Mono<Envelope> deliver(
            RiderPrincipal rider, @PathVariable String id, @RequestBody(required = false) JsonNode body) {
        UUID dispatchId = ApiException.pathId(id, "Delivery");
        FieldErrors errors = new FieldErrors();
        ProofDocument given = DocumentedBody.of(DeliverDocument.class)
                .readFields(body, errors)
                .proof();
        errors.throwIfAny();
        return answer(
                rider,
                dispatches.deliver(new ConfirmDelivery(
                        dispatchId,
                        rider.riderId(),
                        ProofType.valueOf(given.type()),
                        given.recipientName(),
                        given.photoUrl(),
                        given.signatureUrl(),
                        given.pin())));
    }

    @Operation(summary = "Give the delivery up", description = """
      Any non-terminal status to FAILED. Body {reasonCode, detail}: reasonCode one of CUSTOMER_UNREACHABLE, \
      WRONG_ADDRESS, REFUSED, DAMAGED, RIDER_UNAVAILABLE, OTHER; detail free text up to 1000 characters, \
      required with OTHER.""")
    @ApiResponse(
            responseCode = "200",
            description = "Now FAILED",
            content = @Content(schema = @Schema(implementation = DeliveryResponses.RiderDeliveryResponse.class)))
    @io.swagger.v3.oas.annotations.parameters.RequestBody(
            content = @Content(schema = @Schema(implementation = FailureRequest.Document.class)))
    @PostMapping(path = "/dispatches/{id}/fail", consumes = MediaType.APPLICATION_JSON_VALUE)
    public Mono<Envelope> fail(
            RiderPrincipal rider, @PathVariable String id, @RequestBody(required = false) JsonNode body) {
        return act(rider, id, dispatchId -> {
            FailureRequest failure = FailureRequest.parse(body);
            return new FailDispatch(dispatchId, Actor.rider(rider.riderId()), failure.reasonCode(), failure.detail());
        });
    }

    /** What the rider reported: where, and what it caused. */
    public record LocationAccepted(Instant receivedAt, List<UUID> activeDispatchIds, boolean locationEventsEmitted) {}

    @Operation(summary = "Report the rider's position", description = """
      Body {lat, lng, timestamp?} (timestamp ISO 8601 with offset, default now; at most 5 minutes ahead and 24 hours back). \
      Every fix reaches live tracking; dispatch.location_updated is emitted for each delivery the rider \
      holds at most once per rider per dispatch.location.min-interval (20 s).""")
    @ApiResponse(responseCode = "202", description = "Accepted")
    @io.swagger.v3.oas.annotations.parameters.RequestBody(
            content = @Content(schema = @Schema(implementation = LocationDocument.class)))
    @PostMapping(path = "/location", consumes = MediaType.APPLICATION_JSON_VALUE)
    public Mono<ResponseEntity<Envelope>> location(RiderPrincipal rider, @RequestBody(required = false) JsonNode body) {
        FieldErrors errors = new FieldErrors();
        LocationDocument fix =
                DocumentedBody.of(LocationDocument.class).readBody(body, "{lat, lng, timestamp?}", errors);
        Instant now = clock.instant();
        Instant timestamp = DocumentedBody.instant(fix.timestamp());
        if (timestamp != null && timestamp.isAfter(now.plus(MAX_CLOCK_AHEAD))) {
            errors.add("timestamp", "must not be more than 5 minutes in the future");
        } else if (timestamp != null && timestamp.isBefore(now.minus(MAX_AGE))) {
            // a fix older than that tells nobody where the rider is (and year -999999999 overflows storage)
            errors.add("timestamp", "must not be more than 24 hours in the past");
        }
        errors.throwIfAny();
        Position position = new Position(fix.lat(), fix.lng(), timestamp == null ? now : timestamp);
        return Blocking.call(() -> locations.report(rider.riderId(), position))
                .map(reported -> ResponseEntity.status(HttpStatus.ACCEPTED)
                        .body(Envelope.of(
                                new LocationAccepted(now, reported.dispatchIds(), reported.eventsEmitted()))));
    }

    /** The rider's command on the delivery the path names. */
    private Mono<Envelope> act(RiderPrincipal rider, String id, Function<UUID, Object> command) {
        UUID dispatchId = ApiException.pathId(id, "Delivery");
        return answer(rider, dispatches.execute(dispatchId, command.apply(dispatchId)));
    }

    /**
     * Every rider answer: the holder's form of the delivery, never its PIN or tracking link. Every
     * action that succeeds leaves the delivery with the caller; should another rider hold it by the
     * time it is read back (an operator reassigned it meanwhile), the caller is told nothing of it.
     */
    private static Mono<Envelope> answer(RiderPrincipal rider, Mono<Written> write) {
        return write.map(written -> {
                    if (!rider.riderId().equals(written.view().riderId())) {
                        throw ApiException.notFound("Delivery");
                    }
                    return Envelope.of(RiderDelivery.from(written.view()));
                })
                .onErrorMap(DispatchErrors::toApi);
    }
}
