package io.dispatch.command.simulator;

import io.dispatch.command.dispatch.application.DispatchHistory;
import io.dispatch.command.pricing.Pricing;
import io.dispatch.command.rider.RiderWorkload;
import io.dispatch.command.simulator.RiderApi.Answer;
import io.dispatch.events.DispatchCreated;
import io.dispatch.events.DispatchStatus;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.FailureReason;
import io.dispatch.events.RiderAssigned;
import io.dispatch.events.Stop;
import io.dispatch.events.view.DispatchView;
import io.dispatch.web.identity.MerchantAccounts;
import io.dispatch.web.identity.RiderAccounts;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.env.Environment;
import org.springframework.kafka.annotation.KafkaListener;
import tools.jackson.databind.node.ObjectNode;

/**
 * Simulated riders for sandbox merchants. They accept the merchants' new deliveries, start at
 * the pickup, ride a straight line to the dropoff at the zone's average speed while reporting
 * their position, and deliver with the customer's PIN, or, for a configurable share, fail at
 * the door with a reason. Everything goes through the rider API over HTTP with the riders' own
 * tokens, so history, webhooks and tracking behave exactly as with people.
 *
 * <p>New deliveries are learnt from dispatch-events; a delivery an operator assigns to a
 * simulated rider is driven too, and after a restart each simulated rider carries on with the
 * deliveries it holds. Run it on one instance: it renews its riders' tokens when it starts.
 */
public class SandboxSimulator {

  public static final String LISTENER = "command-service.sandbox-simulator";
  private static final Logger log = LoggerFactory.getLogger(SandboxSimulator.class);
  private static final Duration RETRY_WAIT = Duration.ofSeconds(2);
  private static final int MAX_RETRIES = 5;
  private static final int RECENT_TRIPS = 50;
  /** The ride when a stop has no coordinates: no line to follow, a fixed simulated time. */
  static final Duration RIDE_WITHOUT_COORDINATES = Duration.ofMinutes(10);

  private static final Set<DispatchStatus> HELD =
      EnumSet.of(DispatchStatus.ASSIGNED, DispatchStatus.PICKED_UP, DispatchStatus.IN_TRANSIT);
  private static final List<FailureReason> DOOR_FAILURES =
      List.of(FailureReason.CUSTOMER_UNREACHABLE, FailureReason.WRONG_ADDRESS, FailureReason.REFUSED);

  private final SimulatorProperties settings;
  private final MerchantAccounts merchants;
  private final RiderAccounts riderAccounts;
  private final RiderWorkload workload;
  private final DispatchHistory history;
  private final Pricing pricing;
  private final Environment environment;
  private final Clock clock;
  private final ScheduledExecutorService scheduler;

  private final Object lock = new Object();
  private final List<SimulatedRider> riders = new ArrayList<>();
  /** Sandbox deliveries seen created and not yet seen leaving NEW. */
  private final Set<UUID> newDeliveries = new LinkedHashSet<>();
  /** Of those, the ones whose accept-after has passed, oldest first, waiting for a free rider. */
  private final Set<UUID> waiting = new LinkedHashSet<>();
  private final Map<UUID, Trip> active = new HashMap<>();
  private final Deque<TripView> recent = new ArrayDeque<>();
  private final Map<String, Integer> outcomes = new HashMap<>();
  private volatile RiderApi api;

  public SandboxSimulator(
      SimulatorProperties settings,
      MerchantAccounts merchants,
      RiderAccounts riderAccounts,
      RiderWorkload workload,
      DispatchHistory history,
      Pricing pricing,
      Environment environment,
      Clock clock) {
    this.settings = settings;
    this.merchants = merchants;
    this.riderAccounts = riderAccounts;
    this.workload = workload;
    this.history = history;
    this.pricing = pricing;
    this.environment = environment;
    this.clock = clock;
    AtomicInteger threads = new AtomicInteger();
    this.scheduler = Executors.newScheduledThreadPool(2, task -> {
      Thread thread = new Thread(task, "sandbox-simulator-" + threads.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    });
  }

  /** Whether this delivery ends FAILED at the door: a fixed function of its id, so a test can know in advance. */
  public static boolean failsAtTheDoor(UUID dispatchId, double failShare) {
    return unitInterval(dispatchId) < failShare;
  }

  /** Uniform in [0, 1) for random ids (the SplitMix64 finaliser over both halves of the id). */
  static double unitInterval(UUID id) {
    long h = id.getMostSignificantBits() * 31 + id.getLeastSignificantBits();
    h = (h ^ (h >>> 30)) * 0xbf58476d1ce4e5b9L;
    h = (h ^ (h >>> 27)) * 0x94d049bb133111ebL;
    h = h ^ (h >>> 31);
    return (h >>> 11) * 0x1.0p-53;
  }

  // ---------------------------------------------------------------- starting

  /**
   * When this instance becomes the simulator's one leader ({@link SimulatorLeadership}): the
   * riders get fresh tokens and carry on with what they hold.
   */
  public void start() {
    String baseUrl = settings.baseUrl() != null && !settings.baseUrl().isBlank()
        ? settings.baseUrl()
        : "http://127.0.0.1:" + environment.getProperty("local.server.port", environment.getProperty("server.port", "8080"));
    List<RiderAccounts.Rider> existing = riderAccounts.simulatedRiders();
    List<SimulatedRider> ready = new ArrayList<>();
    for (int i = 0; i < settings.riders(); i++) {
      UUID id;
      String name;
      String token;
      if (i < existing.size()) {
        id = existing.get(i).id();
        name = existing.get(i).name();
        token = riderAccounts.renewToken(id).orElseThrow();
      } else {
        var created = riderAccounts.createRider("Sandbox Rider " + (i + 1), "+254 700 000 " + (100 + i + 1), true);
        id = created.id();
        name = created.name();
        token = created.token();
      }
      SimulatedRider rider = new SimulatedRider(id, name, token);
      rider.assigned.addAll(workload.activeDeliveries(id));
      ready.add(rider);
    }
    int carried = ready.stream().mapToInt(r -> r.assigned.size()).sum();
    synchronized (lock) {
      riders.clear();
      waiting.clear();
      riders.addAll(ready);
      api = new RiderApi(baseUrl);
      startNext();
    }
    log.info("Sandbox rider simulator on: {} riders, time scale {}, fail share {}, {} held deliveries to carry on; "
            + "it takes deliveries of sandbox merchants only, through the rider API at {}",
        ready.size(), settings.timeScale(), settings.failShare(), carried, baseUrl);
  }

  public void stop() {
    scheduler.shutdownNow();
  }

  /** Leadership lost: forget the riders (another instance renews their tokens and carries on). */
  void pause() {
    synchronized (lock) {
      riders.clear();
      waiting.clear();
      api = null;
    }
  }

  // ---------------------------------------------------------------- what happens

  /** Every dispatch event: sandbox creations become offers; anything later takes a delivery out of NEW. */
  @KafkaListener(id = LISTENER, groupId = LISTENER, topics = "dispatch-events", containerFactory = "simulatorContainerFactory",
      autoStartup = "false")
  public void on(ConsumerRecord<String, EventEnvelope> record) {
    EventEnvelope envelope = record.value();
    if (envelope == null || envelope.occurredAt().isBefore(clock.instant().minus(settings.maxAge()))) {
      return;
    }
    UUID dispatchId = envelope.dispatchId();
    if (envelope.event() instanceof DispatchCreated created) {
      if (merchants.findMerchant(created.merchantId()).map(MerchantAccounts.Merchant::sandbox).orElse(false)) {
        synchronized (lock) {
          newDeliveries.add(dispatchId);
        }
        Duration wait = settings.real(settings.acceptAfter())
            .minus(Duration.between(created.occurredAt(), clock.instant()));
        scheduler.schedule(() -> due(dispatchId), Math.max(0, wait.toNanos()), TimeUnit.NANOSECONDS);
      }
      return;
    }
    synchronized (lock) {
      newDeliveries.remove(dispatchId);
      waiting.remove(dispatchId);
      if (envelope.event() instanceof RiderAssigned assigned && !active.containsKey(dispatchId)) {
        // an operator gave one of our riders a delivery: it is driven like the ones the riders took
        riders.stream()
            .filter(r -> r.id.equals(assigned.riderId()) && !r.assigned.contains(dispatchId))
            .findFirst()
            .ifPresent(r -> {
              r.assigned.add(dispatchId);
              startNext();
            });
      }
    }
  }

  private void due(UUID dispatchId) {
    synchronized (lock) {
      if (newDeliveries.contains(dispatchId)) {
        waiting.add(dispatchId);
        startNext();
      }
    }
  }

  /** Gives free riders work: first what they hold, then the oldest waiting offer. Call with the lock held. */
  private void startNext() {
    if (api == null) {
      return;
    }
    for (SimulatedRider rider : riders) {
      if (rider.current != null) {
        continue;
      }
      UUID held = rider.assigned.poll();
      if (held != null) {
        begin(new Trip(held, rider), this::carryOn);
        continue;
      }
      var next = waiting.iterator();
      if (!next.hasNext()) {
        continue;
      }
      UUID offer = next.next();
      next.remove();
      newDeliveries.remove(offer);
      begin(new Trip(offer, rider), this::accept);
    }
  }

  private void begin(Trip trip, Consumer<Trip> firstStep) {
    trip.rider.current = trip;
    active.put(trip.dispatchId, trip);
    run(trip, Duration.ZERO, () -> firstStep.accept(trip));
  }

  private void accept(Trip trip) {
    trip.stage = "ACCEPTING";
    attempt(trip, "accept", null, () -> {
      count("accepted");
      carryOn(trip);
    });
  }

  /** Goes on from wherever the delivery is, as read from the event store. */
  private void carryOn(Trip trip) {
    Optional<DispatchView> current = history.current(trip.dispatchId);
    if (current.isEmpty() || !trip.rider.id.equals(current.get().riderId()) || !HELD.contains(current.get().status())) {
      end(trip, "LEFT", "the delivery is " + current.map(v -> v.status().name()).orElse("unknown")
          + " and not held by this rider");
      return;
    }
    DispatchView view = current.get();
    trip.view = view;
    trip.speedKmh = pricing.scheduleAt(view.pickup()).avgSpeedKmh();
    if (view.pickup().hasCoordinates() && view.dropoff().hasCoordinates()) {
      Route planned = new Route(view.pickup().lat(), view.pickup().lng(), view.dropoff().lat(), view.dropoff().lng(),
          trip.speedKmh);
      trip.distanceMeters = planned.distanceMeters();
      trip.simulatedRide = planned.travelTime();
    } else {
      trip.simulatedRide = RIDE_WITHOUT_COORDINATES;
    }
    log.info("{} carries delivery {} ({}): {} m at {} km/h, a ride of {} s simulated, {} ms real at time scale {}",
        trip.rider.name, trip.dispatchId, view.status(), trip.distanceMeters, trip.speedKmh,
        trip.simulatedRide.toSeconds(), settings.realRide(trip.simulatedRide).toMillis(), settings.timeScale());
    switch (view.status()) {
      case ASSIGNED -> {
        trip.stage = "AT_PICKUP";
        report(trip, view.pickup());
        run(trip, settings.real(settings.pickupTime()), () -> attempt(trip, "pickup", null, () -> depart(trip)));
      }
      case PICKED_UP -> depart(trip);
      default -> ride(trip, lastPosition(trip).orElse(null));
    }
  }

  private void depart(Trip trip) {
    trip.stage = "DEPARTING";
    attempt(trip, "depart", null, () -> ride(trip, point(trip.view.pickup()).orElse(null)));
  }

  /** From {@code from} (or nowhere known) to the dropoff, reporting the position on the way. */
  private void ride(Trip trip, Route.Point from) {
    trip.stage = "IN_TRANSIT";
    Stop dropoff = trip.view.dropoff();
    if (from == null || !dropoff.hasCoordinates()) {
      run(trip, settings.realRide(trip.simulatedRide), () -> arrive(trip));
      return;
    }
    trip.route = new Route(from.lat(), from.lng(), dropoff.lat(), dropoff.lng(), trip.speedKmh);
    trip.realRideNanos = Math.max(1, settings.realRide(trip.route.travelTime()).toNanos());
    trip.departedNanos = System.nanoTime();
    move(trip);
  }

  private void move(Trip trip) {
    double fraction = (System.nanoTime() - trip.departedNanos) / (double) trip.realRideNanos;
    if (fraction >= 1) {
      arrive(trip);
      return;
    }
    Route.Point here = trip.route.at(fraction);
    location(trip, here.lat(), here.lng());
    long left = trip.realRideNanos - (System.nanoTime() - trip.departedNanos);
    run(trip, Duration.ofNanos(Math.max(0, Math.min(settings.locationInterval().toNanos(), left))), () -> move(trip));
  }

  private void arrive(Trip trip) {
    trip.stage = "AT_DROPOFF";
    report(trip, trip.view.dropoff());
    run(trip, settings.real(settings.handoverTime()), () -> handOver(trip));
  }

  private void handOver(Trip trip) {
    trip.stage = "HANDING_OVER";
    if (failsAtTheDoor(trip.dispatchId, settings.failShare())) {
      FailureReason reason = DOOR_FAILURES.get((int) (unitInterval(trip.reasonSeed()) * DOOR_FAILURES.size()));
      ObjectNode body = RiderApi.object()
          .put("reasonCode", reason.name())
          .put("detail", "Sandbox simulator: " + switch (reason) {
            case WRONG_ADDRESS -> "nobody at the dropoff knows the customer";
            case REFUSED -> "the customer refused the parcel at the door";
            default -> "the customer did not answer the door or the phone";
          });
      attempt(trip, "fail", body, () -> end(trip, "FAILED", reason.name()));
      return;
    }
    // The platform plays the customer here: the PIN comes from the event store's view of the
    // delivery, never from the rider API, whose answers carry no PIN and no tracking link.
    ObjectNode proof = RiderApi.object()
        .put("type", "PIN")
        .put("recipientName", trip.view.customerName())
        .put("pin", trip.view.deliveryPin());
    ObjectNode body = RiderApi.object();
    body.set("proof", proof);
    attempt(trip, "deliver", body, () -> end(trip, "DELIVERED", "PIN proof"));
  }

  // ---------------------------------------------------------------- the mechanics

  private void report(Trip trip, Stop at) {
    point(at).ifPresent(p -> location(trip, p.lat(), p.lng()));
  }

  private void location(Trip trip, double lat, double lng) {
    try {
      Answer answer = api.location(trip.rider.token, lat, lng);
      if (!answer.ok()) {
        log.warn("{}: location report answered {}: {}", trip.rider.name, answer.status(), answer.body());
      } else {
        trip.locations++;
        trip.lastReported = new Route.Point(lat, lng);
      }
    } catch (IOException e) {
      log.warn("{}: location report failed: {}", trip.rider.name, e.toString());
    }
  }

  /** Where the rider last reported, or the pickup when it never did. */
  private Optional<Route.Point> lastPosition(Trip trip) {
    return riderAccounts.find(trip.rider.id)
        .map(RiderAccounts.Rider::lastPosition)
        .map(p -> new Route.Point(p.latitude(), p.longitude()))
        .or(() -> point(trip.view.pickup()));
  }

  private static Optional<Route.Point> point(Stop stop) {
    return stop.hasCoordinates() ? Optional.of(new Route.Point(stop.lat(), stop.lng())) : Optional.empty();
  }

  /** One rider action; on success {@code then}; a refusal ends the trip; other trouble is retried a few times. */
  private void attempt(Trip trip, String action, ObjectNode body, Runnable then) {
    Answer answer = null;
    String trouble;
    try {
      answer = api.act(trip.rider.token, trip.dispatchId, action, body);
      trouble = answer.status() + " " + answer.body();
    } catch (IOException e) {
      trouble = e.toString();
    }
    if (answer != null && answer.ok()) {
      trip.retries = 0;
      then.run();
    } else if (answer != null && answer.refused()) {
      end(trip, "INTERRUPTED", action + " answered " + trouble);
    } else if (++trip.retries > MAX_RETRIES) {
      end(trip, "GAVE_UP", action + " kept failing: " + trouble);
    } else {
      log.warn("{}: {} of delivery {} failed ({}), trying again in {} s", trip.rider.name, action, trip.dispatchId,
          trouble, RETRY_WAIT.toSeconds());
      run(trip, RETRY_WAIT, () -> attempt(trip, action, body, then));
    }
  }

  /** Runs a step of the trip later; a step that throws ends the trip instead of leaving the rider stuck. */
  private void run(Trip trip, Duration after, Runnable step) {
    try {
      scheduler.schedule(() -> {
        if (trip.ended) {
          return;
        }
        try {
          step.run();
        } catch (RuntimeException e) {
          log.error("{}: delivery {} stopped at {}", trip.rider.name, trip.dispatchId, trip.stage, e);
          end(trip, "GAVE_UP", e.toString());
        }
      }, after.toNanos(), TimeUnit.NANOSECONDS);
    } catch (java.util.concurrent.RejectedExecutionException shuttingDown) {
      trip.ended = true;
    }
  }

  private void end(Trip trip, String outcome, String detail) {
    synchronized (lock) {
      if (trip.ended) {
        return;
      }
      trip.ended = true;
      trip.stage = outcome;
      active.remove(trip.dispatchId);
      trip.rider.current = null;
      recent.addFirst(trip.describe(outcome, detail, clock.instant()));
      while (recent.size() > RECENT_TRIPS) {
        recent.removeLast();
      }
      count(outcome);
      startNext();
    }
    if ("DELIVERED".equals(outcome) || "FAILED".equals(outcome)) {
      log.info("{}: delivery {} {} ({}), {} location reports", trip.rider.name, trip.dispatchId, outcome, detail,
          trip.locations);
    } else {
      log.info("{}: stopped driving delivery {}: {} ({})", trip.rider.name, trip.dispatchId, outcome, detail);
    }
  }

  private void count(String outcome) {
    synchronized (lock) {
      outcomes.merge(outcome, 1, Integer::sum);
    }
  }

  // ---------------------------------------------------------------- what operators see

  /** A trip as operators see it. */
  public record TripView(
      UUID dispatchId,
      UUID riderId,
      String riderName,
      String stage,
      Long distanceMeters,
      Double speedKmh,
      Long simulatedRideSeconds,
      int locationReports,
      Route.Point lastReported,
      String detail,
      Instant startedAt,
      Instant endedAt) {}

  public record RiderView(UUID id, String name, UUID carrying, List<UUID> queued) {}

  public record Status(
      boolean enabled,
      int riders,
      double timeScale,
      double failShare,
      String riderApi,
      List<RiderView> simulatedRiders,
      List<UUID> waiting,
      Map<String, Integer> counts,
      List<TripView> activeTrips,
      List<TripView> recentTrips) {}

  public Status status() {
    synchronized (lock) {
      return new Status(
          true,
          settings.riders(),
          settings.timeScale(),
          settings.failShare(),
          api == null ? null : api.baseUrl(),
          riders.stream()
              .map(r -> new RiderView(r.id, r.name, r.current == null ? null : r.current.dispatchId, List.copyOf(r.assigned)))
              .toList(),
          List.copyOf(waiting),
          Map.copyOf(outcomes),
          active.values().stream().map(t -> t.describe(t.stage, null, null)).toList(),
          List.copyOf(recent));
    }
  }

  private static final class SimulatedRider {
    final UUID id;
    final String name;
    final String token;
    final Deque<UUID> assigned = new ArrayDeque<>();
    Trip current;

    SimulatedRider(UUID id, String name, String token) {
      this.id = id;
      this.name = name;
      this.token = token;
    }
  }

  private final class Trip {
    final UUID dispatchId;
    final SimulatedRider rider;
    final Instant startedAt = clock.instant();
    volatile String stage = "STARTING";
    volatile boolean ended;
    DispatchView view;
    double speedKmh;
    Long distanceMeters;
    Duration simulatedRide;
    Route route;
    long realRideNanos;
    long departedNanos;
    int retries;
    volatile int locations;
    volatile Route.Point lastReported;

    Trip(UUID dispatchId, SimulatedRider rider) {
      this.dispatchId = dispatchId;
      this.rider = rider;
    }

    /** A second, independent draw from the id, for the failure reason. */
    UUID reasonSeed() {
      return new UUID(dispatchId.getLeastSignificantBits(), dispatchId.getMostSignificantBits());
    }

    TripView describe(String stage, String detail, Instant endedAt) {
      return new TripView(dispatchId, rider.id, rider.name, stage, distanceMeters, view == null ? null : speedKmh,
          simulatedRide == null ? null : simulatedRide.toSeconds(), locations, lastReported, detail, startedAt, endedAt);
    }
  }
}
