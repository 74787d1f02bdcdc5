package io.dispatch.query.rider;

import io.dispatch.query.decision.OfferRows;
import io.dispatch.representation.DeliveryResponses;
import io.dispatch.representation.RiderOffer;
import io.dispatch.web.Envelope;
import io.dispatch.web.error.ApiException;
import io.dispatch.web.identity.RiderAccounts;
import io.dispatch.web.identity.RiderPrincipal;
import io.dispatch.web.scheduling.Blocking;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * What a rider may take (decisions.md §14): first the rider's own open offers, soonest expiry
 * first, then the NEW deliveries of MANUAL mode, nearest pickup first once the rider has reported a
 * position; only of the rider's side of the sandbox line (a sandbox rider sandbox merchants', a
 * real rider real merchants'). Another rider's offer is never listed. Each as a {@link RiderOffer}:
 * only what deciding needs (decisions.md §13). No
 * customer name, phone, drop-off address or notes (any rider could otherwise collect every
 * customer of every merchant), no PIN or tracking link (any rider could read the PIN of a delivery
 * before taking it).
 */
@Tag(name = "Rider")
@RestController
public class RiderOffersController {

    private final OfferRows rows;
    private final RiderAccounts riders;
    private final Clock clock;

    public RiderOffersController(OfferRows rows, RiderAccounts riders, Clock clock) {
        this.rows = rows;
        this.riders = riders;
        this.clock = clock;
    }

    @Operation(summary = "The rider's open offers, then the NEW deliveries of MANUAL mode", description = """
      First the offers the engine made to this rider that are still open, soonest expiry first, with offerId and \
      expiresAt (accept or decline them under /api/v1/rider/offers/{offerId}); then the NEW deliveries whose \
      dispatching policy is MANUAL, which any eligible rider may take (POST /api/v1/rider/dispatches/{id}/accept), \
      with offerId and expiresAt null: nearest pickup first when the rider has reported a position (deliveries \
      without pickup coordinates last), else oldest first. Offers made to other riders never show. A sandbox \
      rider sees sandbox merchants' deliveries only, a real rider real merchants' only. Every entry carries id, \
      equal to dispatchId. Each entry holds only what deciding needs: dispatchId, pickup {address, lat, \
      lng}, dropoffArea {lat, lng} (rounded to 2 decimals), tripMeters, distanceToPickupMeters (null without a \
      rider position), paymentType, amountCents (only with COD), feeCents, targetPickupAt; no customer name or \
      phone, drop-off address or notes, externalId, PIN or tracking link. limit 1 to 200, default 50.""")
    @ApiResponse(
            responseCode = "200",
            description = "The offers",
            content = @Content(schema = @Schema(implementation = DeliveryResponses.RiderOfferListResponse.class)))
    @GetMapping(path = "/api/v1/rider/offers", produces = MediaType.APPLICATION_JSON_VALUE)
    public Mono<Envelope> offers(
            RiderPrincipal rider,
            @Parameter(schema = @Schema(type = "integer", minimum = "1", maximum = "200", defaultValue = "50"))
                    @RequestParam(name = "limit", required = false)
                    String limit) {
        int count = limit(limit);
        return Blocking.call(() -> riders.find(rider.riderId()).orElseThrow(() -> ApiException.notFound("Rider")))
                .flatMap(found -> {
                    Double lat = found.lastPosition() == null
                            ? null
                            : found.lastPosition().latitude();
                    Double lng = found.lastPosition() == null
                            ? null
                            : found.lastPosition().longitude();
                    return rows.open(found.id(), found.sandbox(), clock.instant(), count)
                            .map(offer -> RiderOffer.from(offer.view(), lat, lng, offer.offerId(), offer.expiresAt()))
                            .collectList()
                            .flatMap(offered -> offered.size() == count
                                    ? Mono.just(offered)
                                    : rows.manual(found.sandbox(), lat, lng, count - offered.size())
                                            .map(view -> RiderOffer.from(view, lat, lng))
                                            .collectList()
                                            .map(manual -> joined(offered, manual)));
                })
                .map(offers -> Envelope.page(offers, count, null));
    }

    private static List<RiderOffer> joined(List<RiderOffer> offered, List<RiderOffer> manual) {
        List<RiderOffer> all = new ArrayList<>(offered);
        all.addAll(manual);
        return all;
    }

    private static int limit(String raw) {
        if (raw == null) {
            return 50;
        }
        try {
            // ASCII digits only: Integer.parseInt also reads "\uFF11" (a full-width 1) as 1
            int value = raw.matches("[0-9]{1,3}") ? Integer.parseInt(raw) : -1;
            if (value >= 1 && value <= 200) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw ApiException.validation("limit", "must be a whole number from 1 to 200");
    }
}
