package io.dispatch.command.pricing.admin;

import io.dispatch.command.pricing.PricingSchedule;
import io.dispatch.command.pricing.Zone;
import io.dispatch.command.pricing.admin.ZoneDocuments.DefaultPricingDocument;
import io.dispatch.command.pricing.admin.ZoneDocuments.ZoneDocument;
import io.dispatch.command.web.DocumentedBody;
import io.dispatch.command.web.FieldErrors;
import io.dispatch.web.Envelope;
import io.dispatch.web.error.ApiException;
import io.dispatch.web.identity.OperatorAccess;
import io.dispatch.web.identity.OperatorPrincipal;
import io.dispatch.web.identity.OperatorRole;
import io.dispatch.web.scheduling.Blocking;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.regex.Pattern;
import org.locationtech.jts.geom.Polygon;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/** Operator API: the priced zones and the platform default schedule that quotes and fees use. */
@Tag(name = "Operator: zones and pricing")
@RestController
@RequestMapping(path = "/api/v1/admin", produces = MediaType.APPLICATION_JSON_VALUE)
public class ZoneAdminController {

    private static final Pattern ZONE_ID = Pattern.compile("^[a-z0-9][a-z0-9_-]{0,63}$");

    private final ZoneAdministration zones;

    public ZoneAdminController(ZoneAdministration zones) {
        this.zones = zones;
    }

    /** A zone as the operator API shows it; the polygon is GeoJSON ([lng, lat] positions). */
    public record ZoneView(
            String id,
            String name,
            int priority,
            @Schema(implementation = Object.class) JsonNode polygon,
            long baseFeeCents,
            long perKmCents,
            long minFeeCents,
            long targetPickupSeconds,
            long targetDeliverySeconds,
            double detourFactor,
            double avgSpeedKmh) {

        static ZoneView of(Zone zone) {
            PricingSchedule s = zone.schedule();
            return new ZoneView(
                    zone.id(),
                    zone.name(),
                    zone.priority(),
                    GeoJsonPolygons.write(zone.polygon()),
                    s.baseFeeCents(),
                    s.perKmCents(),
                    s.minFeeCents(),
                    s.targetPickupSeconds(),
                    s.targetDeliverySeconds(),
                    s.detourFactor(),
                    s.avgSpeedKmh());
        }
    }

    @Operation(summary = "Create or replace a zone", description = """
      Body {name, priority?, polygon (GeoJSON Polygon, [lng, lat] positions, closed rings), baseFeeCents, \
      perKmCents, minFeeCents, targetPickupSeconds, targetDeliverySeconds, detourFactor, avgSpeedKmh}. Where \
      zones overlap the lowest priority number wins (default 100). 201 when new, 200 when replaced; quotes \
      and new deliveries use it at once on this instance and within 5 s on every other.""")
    @ApiResponse(
            responseCode = "200",
            description = "Replaced",
            content = @Content(schema = @Schema(implementation = ZoneView.class)))
    @ApiResponse(
            responseCode = "201",
            description = "Created",
            content = @Content(schema = @Schema(implementation = ZoneView.class)))
    @io.swagger.v3.oas.annotations.parameters.RequestBody(
            content = @Content(schema = @Schema(implementation = ZoneDocument.class)))
    @PutMapping(path = "/zones/{zoneId}", consumes = MediaType.APPLICATION_JSON_VALUE)
    public Mono<ResponseEntity<Envelope>> put(
            OperatorPrincipal operator, @PathVariable String zoneId, @RequestBody(required = false) JsonNode body) {
        FieldErrors errors = new FieldErrors();
        if (!ZONE_ID.matcher(zoneId).matches()) {
            errors.add(
                    "zoneId",
                    "must be 1 to 64 lower-case letters, digits, '-' or '_', starting with a letter or digit");
        }
        ZoneDocument given =
                DocumentedBody.of(ZoneDocument.class).readBody(body, "{name, polygon, baseFeeCents, ...}", errors);
        Polygon polygon = GeoJsonPolygons.parse(given.polygon(), "polygon", errors);
        errors.throwIfAny();
        Zone zone = new Zone(
                zoneId,
                given.name().strip(),
                given.priority() == null ? 100 : given.priority(),
                polygon,
                given.schedule());
        return Blocking.call(() -> zones.put(zone))
                .map(created -> ResponseEntity.status(created ? HttpStatus.CREATED : HttpStatus.OK)
                        .body(Envelope.of(ZoneView.of(zone))));
    }

    @Operation(summary = "Every zone, by priority then id")
    @OperatorAccess({OperatorRole.DISPATCHER})
    @GetMapping("/zones")
    public Mono<Envelope> list(OperatorPrincipal operator) {
        return Blocking.call(() -> zones.zones().stream()
                        .sorted(java.util.Comparator.comparingInt(Zone::priority)
                                .thenComparing(Zone::id))
                        .map(ZoneView::of)
                        .toList())
                .map(Envelope::of);
    }

    @Operation(
            summary = "Delete a zone",
            description = "204; an unknown zone answers 404. Deliveries already created keep their zoneId and fee.")
    @io.swagger.v3.oas.annotations.responses.ApiResponse(responseCode = "204", description = "Deleted (no body)")
    @DeleteMapping("/zones/{zoneId}")
    public Mono<ResponseEntity<Void>> delete(OperatorPrincipal operator, @PathVariable String zoneId) {
        return Blocking.call(() -> zones.delete(zoneId)).map(deleted -> {
            if (!deleted) {
                throw ApiException.notFound("Zone");
            }
            return ResponseEntity.noContent().<Void>build();
        });
    }

    @Operation(
            summary = "The platform default schedule",
            description = "Used outside every zone and without pickup coordinates.")
    @GetMapping("/pricing/default")
    public Mono<Envelope> defaults(OperatorPrincipal operator) {
        return Blocking.call(zones::defaults).map(Envelope::of);
    }

    @Operation(summary = "Replace the platform default schedule", description = """
      Body {baseFeeCents, perKmCents, minFeeCents, detourFactor, avgSpeedKmh, targetPickupSeconds?, \
      targetDeliverySeconds?}; absent targets keep their current values.""")
    @io.swagger.v3.oas.annotations.parameters.RequestBody(
            content = @Content(schema = @Schema(implementation = DefaultPricingDocument.class)))
    @PutMapping(path = "/pricing/default", consumes = MediaType.APPLICATION_JSON_VALUE)
    public Mono<Envelope> putDefaults(OperatorPrincipal operator, @RequestBody(required = false) JsonNode body) {
        FieldErrors errors = new FieldErrors();
        DefaultPricingDocument read = DocumentedBody.of(DefaultPricingDocument.class)
                .readBody(body, "{baseFeeCents, perKmCents, ...}", errors);
        errors.throwIfAny();
        return Blocking.call(() -> {
                    PricingSchedule next = read.schedule(zones.defaults());
                    if (next.targetDeliverySeconds() < next.targetPickupSeconds()) {
                        throw ApiException.validation(
                                "targetDeliverySeconds", "must not be less than targetPickupSeconds");
                    }
                    zones.putDefaults(next);
                    return next;
                })
                .map(Envelope::of);
    }
}
