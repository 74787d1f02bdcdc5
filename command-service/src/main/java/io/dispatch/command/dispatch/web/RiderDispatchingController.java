package io.dispatch.command.dispatch.web;

import io.dispatch.command.dispatch.application.DispatchService;
import io.dispatch.command.dispatch.application.Written;
import io.dispatch.command.dispatch.domain.OfferCommands.AcceptOffer;
import io.dispatch.command.dispatch.domain.OfferCommands.DeclineOffer;
import io.dispatch.command.dispatch.domain.OfferCommands.GiveBack;
import io.dispatch.command.dispatching.offer.OfferDirectory;
import io.dispatch.command.dispatching.roster.RiderRoster;
import io.dispatch.command.web.DocumentedBody;
import io.dispatch.command.web.FieldErrors;
import io.dispatch.representation.DeliveryResponses;
import io.dispatch.representation.RiderDelivery;
import io.dispatch.web.Envelope;
import io.dispatch.web.error.ApiException;
import io.dispatch.web.identity.RiderPrincipal;
import io.dispatch.web.scheduling.Blocking;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Instant;
import java.util.UUID;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * The rider's side of automatic dispatch (decisions.md §14): going on and off shift, accepting or
 * declining an offer, and giving back a delivery the dispatcher assigned automatically. The open
 * offers themselves are read from the query side ({@code GET /api/v1/rider/offers}).
 */
@Tag(name = "Rider")
@RestController
@RequestMapping(path = "/api/v1/rider", produces = MediaType.APPLICATION_JSON_VALUE)
public class RiderDispatchingController {

    private final DispatchService dispatches;
    private final OfferDirectory offers;
    private final RiderRoster roster;

    public RiderDispatchingController(DispatchService dispatches, OfferDirectory offers, RiderRoster roster) {
        this.dispatches = dispatches;
        this.offers = offers;
        this.roster = roster;
    }

    public record ShiftAnswer(UUID riderId, String status, Instant since) {}

    public record OfferAnswer(UUID offerId, String status) {}

    public record GiveBackAnswer(UUID dispatchId, String status) {}

    @Schema(name = "ShiftRequest", requiredProperties = "status")
    record ShiftDocument(
            @Schema(allowableValues = {"ON", "OFF"}) String status) {}

    @Schema(name = "DeclineRequest")
    record DeclineDocument(
            @Schema(minLength = 1, maxLength = 500, description = "why, in the rider's words")
            String reason) {}

    @Operation(operationId = "setShift", summary = "Go on or off shift", description = """
      Body {status: ON|OFF}. Only riders ON shift, with a position younger than 5 minutes and holding fewer than \
      their maxActive deliveries are offered deliveries. Going OFF withdraws the rider's open offers (the \
      dispatcher does so within a second or two); deliveries held are kept. Asking for the status the rider \
      already has changes nothing (since stays).""")
    @ApiResponse(
            responseCode = "200",
            description = "The rider's shift: {riderId, status, since}",
            content = @Content(schema = @Schema(implementation = ShiftAnswer.class)))
    @io.swagger.v3.oas.annotations.parameters.RequestBody(
            content = @Content(schema = @Schema(implementation = ShiftDocument.class)))
    @PostMapping(path = "/shift", consumes = MediaType.APPLICATION_JSON_VALUE)
    public Mono<Envelope> shift(RiderPrincipal rider, @RequestBody(required = false) JsonNode body) {
        FieldErrors errors = new FieldErrors();
        ShiftDocument shift = DocumentedBody.of(ShiftDocument.class).readFields(body, errors);
        errors.throwIfAny();
        boolean on = "ON".equals(shift.status());
        return Blocking.call(
                        () -> roster.setShift(rider.riderId(), on).orElseThrow(() -> ApiException.notFound("Rider")))
                .map(now -> Envelope.of(new ShiftAnswer(rider.riderId(), now.status(), now.since())));
    }

    @Operation(operationId = "acceptOffer", summary = "Accept an offer", description = """
      The delivery becomes ASSIGNED to the rider (the held view, as every rider answer). An offer that expired, \
      was withdrawn or was taken by another rider answers 409 CONFLICT with details.offerStatus (EXPIRED, \
      WITHDRAWN, TAKEN); a rider already holding maxActive deliveries 409 too. Another rider's offer, or an \
      unknown one, 404. Accepting twice answers the delivery again.""")
    @ApiResponse(
            responseCode = "200",
            description = "Now ASSIGNED to this rider",
            content = @Content(schema = @Schema(implementation = DeliveryResponses.RiderDeliveryResponse.class)))
    @PostMapping("/offers/{offerId}/accept")
    public Mono<Envelope> accept(RiderPrincipal rider, @PathVariable String offerId) {
        return offer(rider, offerId)
                .flatMap(entry -> dispatches.execute(
                        entry.dispatchId(), new AcceptOffer(entry.dispatchId(), entry.offerId(), rider.riderId())))
                .map(written -> held(rider, written))
                .onErrorMap(DispatchErrors::toApi);
    }

    @Operation(operationId = "declineOffer", summary = "Decline an offer", description = """
      Body {reason?} (optional). The rider is not offered this delivery again; the dispatcher moves on to the \
      next rider. A closed offer answers 409 with details.offerStatus; declining twice answers the same.""")
    @ApiResponse(
            responseCode = "200",
            description = "{offerId, status: DECLINED}",
            content = @Content(schema = @Schema(implementation = OfferAnswer.class)))
    @io.swagger.v3.oas.annotations.parameters.RequestBody(
            required = false,
            content = @Content(schema = @Schema(implementation = DeclineDocument.class)))
    @PostMapping("/offers/{offerId}/decline")
    public Mono<Envelope> decline(
            RiderPrincipal rider, @PathVariable String offerId, @RequestBody(required = false) JsonNode body) {
        String reason = reason(body);
        return offer(rider, offerId)
                .flatMap(entry -> dispatches
                        .execute(
                                entry.dispatchId(),
                                new DeclineOffer(entry.dispatchId(), entry.offerId(), rider.riderId(), reason))
                        .thenReturn(Envelope.of(new OfferAnswer(entry.offerId(), "DECLINED"))))
                .onErrorMap(DispatchErrors::toApi);
    }

    @Operation(
            operationId = "giveBackDispatch",
            summary = "Decline a delivery the dispatcher assigned",
            description = """
      Body {reason?}. Only for a delivery assigned automatically (policy AUTO_ASSIGN) to this rider and not yet \
      picked up: it goes back to NEW (the merchant gets dispatch.unassigned) and to the next rider; this rider \
      is not offered it again. Any other assignment answers 409: report a failure instead.""")
    @ApiResponse(
            responseCode = "200",
            description = "{dispatchId, status: DECLINED}",
            content = @Content(schema = @Schema(implementation = GiveBackAnswer.class)))
    @io.swagger.v3.oas.annotations.parameters.RequestBody(
            required = false,
            content = @Content(schema = @Schema(implementation = DeclineDocument.class)))
    @PostMapping("/dispatches/{id}/decline")
    public Mono<Envelope> giveBack(
            RiderPrincipal rider, @PathVariable String id, @RequestBody(required = false) JsonNode body) {
        UUID dispatchId = ApiException.pathId(id, "Delivery");
        String reason = reason(body);
        return dispatches
                .execute(dispatchId, new GiveBack(dispatchId, rider.riderId(), reason))
                .thenReturn(Envelope.of(new GiveBackAnswer(dispatchId, "DECLINED")))
                .onErrorMap(DispatchErrors::toApi);
    }

    private record Found(UUID offerId, UUID dispatchId) {}

    /** The rider's own offer; another rider's answers as missing. */
    private Mono<Found> offer(RiderPrincipal rider, String offerId) {
        UUID id = ApiException.pathId(offerId, "Offer");
        return Blocking.call(() -> offers.find(id)
                .filter(entry -> entry.riderId().equals(rider.riderId()))
                .map(entry -> new Found(id, entry.dispatchId()))
                .orElseThrow(() -> ApiException.notFound("Offer")));
    }

    private static String reason(JsonNode body) {
        if (body == null || body.isNull() || (body.isObject() && body.isEmpty())) {
            return null;
        }
        FieldErrors errors = new FieldErrors();
        DeclineDocument decline = DocumentedBody.of(DeclineDocument.class).readBody(body, "{reason?}", errors);
        errors.throwIfAny();
        return decline.reason();
    }

    private static Envelope held(RiderPrincipal rider, Written written) {
        if (!rider.riderId().equals(written.view().riderId())) {
            throw ApiException.notFound("Delivery");
        }
        return Envelope.of(RiderDelivery.from(written.view()));
    }
}
