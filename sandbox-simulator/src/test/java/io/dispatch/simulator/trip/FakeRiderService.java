package io.dispatch.simulator.trip;

import io.dispatch.events.DispatchStatus;
import io.dispatch.events.FailureReason;
import io.dispatch.events.Stop;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;

/**
 * The rider API and the platform's deliveries in memory, as the service would answer: each
 * action moves a delivery on from the one status it allows (else 409), a wrong PIN is a 422.
 * A test can queue answers for an action ({@code -1} throws, as an unreachable service does)
 * before it behaves, and reads back every call in order. The engine's offers are kept here too:
 * an offer is open until a rider answers it or a test closes it. Safe to call from the
 * simulator's timer threads while a test reads it.
 */
public final class FakeRiderService implements RiderApi, Deliveries {

    /** An offer of the engine's: to whom, for which delivery, and whether it is still open. */
    public record Offer(UUID dispatchId, UUID riderId, String status) {}

    public final Map<UUID, Delivery> deliveries = new ConcurrentHashMap<>();
    public final Map<UUID, Offer> offers = new ConcurrentHashMap<>();
    public final List<String> calls = new CopyOnWriteArrayList<>();
    /** When each action was first called, in {@link System#nanoTime}. */
    public final Map<String, Long> firstCalledAt = new ConcurrentHashMap<>();

    private final Map<String, Deque<Integer>> queued = new ConcurrentHashMap<>();
    private final Map<UUID, Delivery> seenBefore = new ConcurrentHashMap<>();
    private int behindLooks;

    /**
     * The next {@code looks} reads of {@link #current} still show each delivery as it was before
     * the last accept: the log has not brought the accept to the reader yet.
     */
    public synchronized void readsBehind(int looks) {
        behindLooks = looks;
    }

    public synchronized void answerFirst(String action, Integer... statuses) {
        queued.computeIfAbsent(action, a -> new ArrayDeque<>()).addAll(List.of(statuses));
    }

    public synchronized void setStatus(UUID id, DispatchStatus status) {
        moved(id, status, deliveries.get(id).riderId());
    }

    /** A NEW delivery with both stops in Nairobi, owned by nobody yet. */
    public UUID newDelivery() {
        UUID id = UUID.randomUUID();
        deliveries.put(
                id,
                new Delivery(
                        id,
                        DispatchStatus.NEW,
                        null,
                        new Stop("Kenyatta Ave 1", -1.2841, 36.8219, null),
                        new Stop("Ngong Rd 12", -1.3001, 36.7833, null),
                        "Achieng Otieno",
                        "4821",
                        25,
                        1.0));
        return id;
    }

    /** The engine offers {@code dispatchId} to {@code riderId}; answers the offer's id. */
    public UUID offer(UUID dispatchId, UUID riderId) {
        UUID offerId = UUID.randomUUID();
        offers.put(offerId, new Offer(dispatchId, riderId, "OPEN"));
        return offerId;
    }

    /** The engine assigns {@code dispatchId} to {@code riderId} at once. */
    public synchronized void assignAutomatically(UUID dispatchId, UUID riderId) {
        moved(dispatchId, DispatchStatus.ASSIGNED, riderId);
    }

    public List<String> actions() {
        return calls.stream().filter(call -> !call.startsWith("location")).toList();
    }

    public List<String> locations() {
        return calls.stream().filter(call -> call.startsWith("location")).toList();
    }

    @Override
    public synchronized Optional<Delivery> current(UUID dispatchId) {
        if (behindLooks > 0 && seenBefore.containsKey(dispatchId)) {
            behindLooks--;
            return Optional.of(seenBefore.get(dispatchId));
        }
        return Optional.ofNullable(deliveries.get(dispatchId));
    }

    @Override
    public List<UUID> heldBy(UUID riderId) {
        return deliveries.values().stream()
                .filter(d -> riderId.equals(d.riderId()))
                .map(Delivery::id)
                .toList();
    }

    @Override
    public String baseUrl() {
        return "fake:";
    }

    @Override
    public Answer accept(String token, UUID id) throws IOException {
        // the fake's tokens are the riders' ids
        return call("accept", "accept", () -> {
            if (deliveries.get(id).status() != DispatchStatus.NEW) {
                return conflict(id);
            }
            seenBefore.put(id, deliveries.get(id));
            return moved(id, DispatchStatus.ASSIGNED, UUID.fromString(token));
        });
    }

    @Override
    public Answer pickup(String token, UUID id) throws IOException {
        return call("pickup", "pickup", () -> move(id, DispatchStatus.ASSIGNED, DispatchStatus.PICKED_UP));
    }

    @Override
    public Answer depart(String token, UUID id) throws IOException {
        return call("depart", "depart", () -> move(id, DispatchStatus.PICKED_UP, DispatchStatus.IN_TRANSIT));
    }

    @Override
    public Answer deliver(String token, UUID id, String recipientName, String pin) throws IOException {
        return call(
                "deliver",
                "deliver " + recipientName + " " + pin,
                () -> pin.equals(deliveries.get(id).pin())
                        ? move(id, DispatchStatus.IN_TRANSIT, DispatchStatus.DELIVERED)
                        : new Answer(422, "wrong PIN"));
    }

    @Override
    public Answer fail(String token, UUID id, FailureReason reason, String detail) throws IOException {
        return call(
                "fail",
                "fail " + reason + " " + detail,
                () -> move(id, deliveries.get(id).status(), DispatchStatus.FAILED));
    }

    @Override
    public Answer location(String token, double lat, double lng) throws IOException {
        return call("location", "location " + lat + "," + lng, () -> new Answer(202, "{}"));
    }

    @Override
    public Answer shift(String token, boolean on) throws IOException {
        return call("shift", "shift " + (on ? "ON " : "OFF ") + token, () -> new Answer(200, "{}"));
    }

    @Override
    public Answer acceptOffer(String token, UUID offerId) throws IOException {
        return call("acceptOffer", "acceptOffer " + offerId, () -> {
            Offer offer = offers.get(offerId);
            if (offer == null || !offer.riderId().toString().equals(token)) {
                return new Answer(404, "no such offer");
            }
            if (!offer.status().equals("OPEN")
                    || deliveries.get(offer.dispatchId()).status() != DispatchStatus.NEW) {
                return offerConflict(offer);
            }
            offers.put(offerId, new Offer(offer.dispatchId(), offer.riderId(), "ACCEPTED"));
            return moved(offer.dispatchId(), DispatchStatus.ASSIGNED, offer.riderId());
        });
    }

    @Override
    public Answer declineOffer(String token, UUID offerId, String reason) throws IOException {
        return call("declineOffer", "declineOffer " + offerId, () -> {
            Offer offer = offers.get(offerId);
            if (offer == null || !offer.riderId().toString().equals(token)) {
                return new Answer(404, "no such offer");
            }
            if (!offer.status().equals("OPEN")) {
                return offerConflict(offer);
            }
            offers.put(offerId, new Offer(offer.dispatchId(), offer.riderId(), "DECLINED"));
            return new Answer(200, "{}");
        });
    }

    @Override
    public Answer giveBack(String token, UUID id, String reason) throws IOException {
        return call(
                "giveBack",
                "giveBack " + id,
                () -> deliveries.get(id).status() == DispatchStatus.ASSIGNED
                                && token.equals(
                                        String.valueOf(deliveries.get(id).riderId()))
                        ? moved(id, DispatchStatus.NEW, null)
                        : conflict(id));
    }

    /** Closes an open offer as the engine does when it expires or another rider takes the delivery. */
    public void closeOffer(UUID offerId, String status) {
        Offer offer = offers.get(offerId);
        offers.put(offerId, new Offer(offer.dispatchId(), offer.riderId(), status));
    }

    private Answer offerConflict(Offer offer) {
        return new Answer(409, "{\"error\":{\"details\":{\"offerStatus\":\"" + offer.status() + "\"}}}");
    }

    private synchronized Answer call(String action, String record, Supplier<Answer> behave) throws IOException {
        calls.add(record);
        firstCalledAt.putIfAbsent(action, System.nanoTime());
        Deque<Integer> answers = queued.get(action);
        Integer status = answers == null ? null : answers.poll();
        if (status == null) {
            return behave.get();
        }
        if (status == -1) {
            throw new IOException("connection refused");
        }
        return new Answer(status, "queued answer");
    }

    private Answer move(UUID id, DispatchStatus from, DispatchStatus to) {
        return deliveries.get(id).status() == from
                ? moved(id, to, deliveries.get(id).riderId())
                : conflict(id);
    }

    private Answer moved(UUID id, DispatchStatus to, UUID riderId) {
        Delivery d = deliveries.get(id);
        deliveries.put(
                id,
                new Delivery(
                        id,
                        to,
                        riderId,
                        d.pickup(),
                        d.dropoff(),
                        d.customerName(),
                        d.pin(),
                        d.speedKmh(),
                        d.detourFactor()));
        return new Answer(200, "{}");
    }

    private Answer conflict(UUID id) {
        return new Answer(
                409,
                "{\"error\":{\"details\":{\"currentStatus\":\""
                        + deliveries.get(id).status() + "\"}}}");
    }
}
