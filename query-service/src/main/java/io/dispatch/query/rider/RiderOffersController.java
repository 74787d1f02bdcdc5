package io.dispatch.query.rider;

import io.dispatch.query.dispatch.DispatchRows;
import io.dispatch.web.Envelope;
import io.dispatch.web.delivery.RiderDelivery;
import io.dispatch.web.error.ApiException;
import io.dispatch.web.identity.RiderAccounts;
import io.dispatch.web.identity.RiderPrincipal;
import io.dispatch.web.openapi.ApiSchemas;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * What a rider may take: NEW deliveries, nearest pickup first once the rider has reported a
 * position, in the rider's form (no PIN, no tracking token or link: with either, any rider could
 * read the PIN of a delivery before taking it).
 */
@Tag(name = "Rider")
@RestController
public class RiderOffersController {

    private final DispatchRows rows;
    private final RiderAccounts riders;

    public RiderOffersController(DispatchRows rows, RiderAccounts riders) {
        this.rows = rows;
        this.riders = riders;
    }

    @Operation(summary = "NEW deliveries a rider can take", description = """
      Nearest pickup first when the rider has reported a position (deliveries without pickup coordinates \
      last), else oldest first. Deliveries in the rider's form: no deliveryPin, trackingToken or trackingUrl. \
      limit 1 to 200, default 50.""")
    @ApiResponse(
            responseCode = "200",
            description = "The offers",
            content = @Content(schema = @Schema(implementation = ApiSchemas.RiderDeliveryListResponse.class)))
    @GetMapping(path = "/api/v1/rider/offers", produces = MediaType.APPLICATION_JSON_VALUE)
    public Mono<Envelope> offers(
            RiderPrincipal rider,
            @Parameter(schema = @Schema(type = "integer", minimum = "1", maximum = "200", defaultValue = "50"))
                    @RequestParam(name = "limit", required = false)
                    String limit) {
        int count = limit(limit);
        return Mono.fromCallable(() -> riders.find(rider.riderId()).map(RiderAccounts.Rider::lastPosition))
                .subscribeOn(Schedulers.boundedElastic())
                .flatMap(position -> rows.offers(
                                position.map(RiderAccounts.Position::latitude).orElse(null),
                                position.map(RiderAccounts.Position::longitude).orElse(null),
                                count)
                        .map(RiderDelivery::from)
                        .collectList())
                .map(offers -> Envelope.page(offers, count, null));
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
