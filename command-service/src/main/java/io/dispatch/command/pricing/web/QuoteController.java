package io.dispatch.command.pricing.web;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.dispatch.command.pricing.Pricing;
import io.dispatch.command.pricing.Quote;
import io.dispatch.events.Stop;
import io.dispatch.web.Envelope;
import io.dispatch.web.error.ApiException;
import io.dispatch.web.identity.MerchantPrincipal;
import io.dispatch.web.scheduling.Blocking;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** GET /quotes: fee, distance and modelled travel time for a pickup and dropoff pair. */
@Tag(name = "Quotes", description = "Price and time a trip before creating it")
@RestController
public class QuoteController {

    /** The currency quotes are given in: the platform's default, as deliveries default to it. */
    static final String CURRENCY = "KES";

    private final Pricing pricing;

    public QuoteController(Pricing pricing) {
        this.pricing = pricing;
    }

    /** The Quote of dispatch-api.md, snake_case as the contract shows it. */
    @Schema(name = "Quote")
    public record QuoteView(
            @Schema(requiredMode = RequiredMode.REQUIRED, minimum = "0", example = "25000") @JsonProperty("fee_cents")
            long feeCents,

            @Schema(requiredMode = RequiredMode.REQUIRED, example = "KES") @JsonProperty("currency")
            String currency,

            @Schema(
                    requiredMode = RequiredMode.REQUIRED,
                    nullable = true,
                    example = "nairobi-cbd",
                    description = "Null when the pickup is outside every zone")
            @JsonProperty("zone_id")
            String zoneId,

            @Schema(
                    requiredMode = RequiredMode.REQUIRED,
                    nullable = true,
                    example = "Nairobi CBD",
                    description = "Null when the pickup is outside every zone")
            @JsonProperty("zone_name")
            String zoneName,

            @Schema(requiredMode = RequiredMode.REQUIRED, minimum = "0") @JsonProperty("distance_meters")
            long distanceMeters,

            @Schema(requiredMode = RequiredMode.REQUIRED, minimum = "0") @JsonProperty("eta_travel_seconds")
            long etaTravelSeconds,

            @Schema(requiredMode = RequiredMode.REQUIRED, minimum = "0") @JsonProperty("target_pickup_seconds")
            long targetPickupSeconds,

            @Schema(requiredMode = RequiredMode.REQUIRED, minimum = "0") @JsonProperty("target_delivery_seconds")
            long targetDeliverySeconds) {

        static QuoteView of(Quote quote) {
            return new QuoteView(
                    quote.feeCents(),
                    quote.currency(),
                    quote.zoneId(),
                    quote.zoneName(),
                    quote.distanceMeters(),
                    quote.etaTravelSeconds(),
                    quote.targetPickupSeconds(),
                    quote.targetDeliverySeconds());
        }
    }

    @Operation(operationId = "getQuote", summary = "Quote a trip", description = """
      Fee, great-circle distance and modelled travel time for a pickup and dropoff pair, from the zone \
      containing the pickup point (zone_id and zone_name null and platform default pricing outside every \
      zone). All four parameters are required, in decimal degrees; a missing, non-numeric or out-of-range \
      one answers 422 with fieldErrors naming it. No Idempotency-Key.""")
    @ApiResponse(
            responseCode = "200",
            description = "The quote (snake_case)",
            content = @Content(schema = @Schema(implementation = QuoteResponse.class)))
    @GetMapping(path = "/api/v1/external/quotes", produces = MediaType.APPLICATION_JSON_VALUE)
    public Mono<Envelope> quote(
            MerchantPrincipal merchant,
            @Parameter(
                            description = "Decimal degrees, -90 to 90",
                            required = true,
                            example = "-1.2841",
                            schema = @Schema(type = "number", format = "double", minimum = "-90", maximum = "90"))
                    @RequestParam(name = "pickup_lat", required = false)
                    String pickupLat,
            @Parameter(
                            description = "Decimal degrees, -180 to 180",
                            required = true,
                            example = "36.8219",
                            schema = @Schema(type = "number", format = "double", minimum = "-180", maximum = "180"))
                    @RequestParam(name = "pickup_lng", required = false)
                    String pickupLng,
            @Parameter(
                            description = "Decimal degrees, -90 to 90",
                            required = true,
                            example = "-1.2676",
                            schema = @Schema(type = "number", format = "double", minimum = "-90", maximum = "90"))
                    @RequestParam(name = "dropoff_lat", required = false)
                    String dropoffLat,
            @Parameter(
                            description = "Decimal degrees, -180 to 180",
                            required = true,
                            example = "36.8108",
                            schema = @Schema(type = "number", format = "double", minimum = "-180", maximum = "180"))
                    @RequestParam(name = "dropoff_lng", required = false)
                    String dropoffLng) {
        Map<String, List<String>> errors = new LinkedHashMap<>();
        Double fromLat = coordinate("pickup_lat", pickupLat, 90, errors);
        Double fromLng = coordinate("pickup_lng", pickupLng, 180, errors);
        Double toLat = coordinate("dropoff_lat", dropoffLat, 90, errors);
        Double toLng = coordinate("dropoff_lng", dropoffLng, 180, errors);
        if (!errors.isEmpty()) {
            throw ApiException.validation(errors);
        }
        Stop pickup = new Stop("", fromLat, fromLng, null);
        Stop dropoff = new Stop("", toLat, toLng, null);
        return Blocking.call(() -> QuoteView.of(pricing.quote(pickup, dropoff, CURRENCY)))
                .map(Envelope::of);
    }

    /** Documentation-only: the envelope around a quote. */
    @Schema(name = "QuoteResponse")
    record QuoteResponse(
            @Schema(requiredMode = RequiredMode.REQUIRED, description = "Always true in this answer")
            boolean success,

            @Schema(requiredMode = RequiredMode.REQUIRED) QuoteView data) {}

    private static Double coordinate(String name, String raw, int bound, Map<String, List<String>> errors) {
        String problem = null;
        Double value = null;
        if (raw == null || raw.isBlank()) {
            problem = "is required";
        } else {
            try {
                value = Double.valueOf(raw.strip());
                if (value.isNaN() || value.isInfinite() || value < -bound || value > bound) {
                    problem = "must be from -" + bound + " to " + bound;
                    value = null;
                }
            } catch (NumberFormatException e) {
                problem = "must be a number in decimal degrees";
            }
        }
        if (problem != null) {
            errors.computeIfAbsent(name, n -> new ArrayList<>()).add(problem);
        }
        return value;
    }
}
