package io.dispatch.query.tracking;

import io.dispatch.events.DispatchStatus;
import io.dispatch.events.view.DispatchView;
import io.dispatch.query.dispatch.DispatchRows;
import io.dispatch.query.rider.RiderPositionProjection;
import io.dispatch.web.Envelope;
import io.dispatch.web.error.ApiException;
import io.dispatch.web.identity.RiderAccounts;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * What the customer holding a tracking link may see, and no more: status and its timeline, the
 * drop-off address, the rider's first name... and position while the rider has the parcel or
 * is heading to it), the target time and the PIN to give at the door. No key: the token is the
 * secret (144 random bits).
 */
@Tag(name = "Tracking", description = "Public, for the customer: no key")
@RestController
public class TrackingController {

  private static final Pattern TOKEN = Pattern.compile("^[A-Za-z0-9_-]{16,64}$");

  private final DispatchRows rows;
  private final RiderPositionProjection positions;
  private final RiderAccounts riders;

  public TrackingController(DispatchRows rows, RiderPositionProjection positions, RiderAccounts riders) {
    this.rows = rows;
    this.positions = positions;
    this.riders = riders;
  }

  public record Location(double latitude, double longitude, Instant timestamp) {}

  public record Rider(String name, Location location) {}

  public record Address(String address) {}

  public record Step(String status, Instant occurredAt) {}

  public record Tracking(
      DispatchStatus status, String externalId, Address dropoff, Rider rider, List<Step> events,
      Instant targetDeliveryAt, String deliveryPin) {}

  @Operation(summary = "Track a delivery", description = """
      The customer's view: {status, externalId, dropoff: {address}, rider: {name, location} | null, \
      events: [{status, occurredAt}], targetDeliveryAt, deliveryPin}. rider.location is the rider's newest \
      position while the delivery is ASSIGNED, PICKED_UP or IN_TRANSIT, else null. Unknown token: 404.""")
  @GetMapping(path = "/api/v1/track/{token}", produces = MediaType.APPLICATION_JSON_VALUE)
  public Mono<Envelope> track(@PathVariable String token) {
    if (!TOKEN.matcher(token).matches()) {
      return Mono.error(ApiException.notFound("Tracking link"));
    }
    return rows.findByTrackingToken(token)
        .switchIfEmpty(Mono.error(() -> ApiException.notFound("Tracking link")))
        .flatMap(view -> Mono.zip(rider(view), steps(view), (rider, steps) -> new Tracking(
            view.status(), view.externalId(), new Address(view.dropoff().address()), rider.orElse(null), steps,
            view.targetDeliveryAt(), view.deliveryPin())))
        .map(Envelope::of);
  }

  private Mono<List<Step>> steps(DispatchView view) {
    return rows.history(view.dispatchId()).map(t -> new Step(t.status(), t.occurredAt())).collectList();
  }

  private Mono<Optional<Rider>> rider(DispatchView view) {
    if (view.riderId() == null) {
      return Mono.just(Optional.empty());
    }
    boolean moving = view.status() == DispatchStatus.ASSIGNED || view.status() == DispatchStatus.PICKED_UP
        || view.status() == DispatchStatus.IN_TRANSIT;
    Mono<Optional<Location>> location = moving
        ? positions.latest(view.riderId())
            .map(p -> Optional.of(new Location(p.latitude(), p.longitude(), p.recordedAt())))
            .defaultIfEmpty(Optional.empty())
        : Mono.just(Optional.empty());
    Mono<String> name = Mono.fromCallable(() -> riders.find(view.riderId()).map(r -> firstName(r.name())).orElse("Your rider"))
        .subscribeOn(Schedulers.boundedElastic());
    return Mono.zip(name, location, (n, l) -> Optional.of(new Rider(n, l.orElse(null))));
  }

  private static String firstName(String name) {
    String trimmed = name.strip();
    int space = trimmed.indexOf(' ');
    return space > 0 ? trimmed.substring(0, space) : trimmed;
  }
}
