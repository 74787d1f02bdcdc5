package io.dispatch.simulator.trip;

import io.dispatch.events.DispatchStatus;
import io.dispatch.events.FailureReason;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * The rider API and the platform's deliveries in memory, as the service would answer: each
 * action moves a delivery on from the one status it allows (else 409), a wrong PIN is a 422.
 * A test can queue answers for an action ({@code -1} throws, as an unreachable service does)
 * before it behaves, and reads back every call in order.
 */
final class FakeRiderService implements RiderApi, Deliveries {

    final Map<UUID, Delivery> deliveries = new HashMap<>();
    final List<String> calls = new ArrayList<>();
    private final Map<String, Deque<Integer>> queued = new HashMap<>();

    void answerFirst(String action, Integer... statuses) {
        queued.computeIfAbsent(action, a -> new ArrayDeque<>()).addAll(List.of(statuses));
    }

    void setStatus(UUID id, DispatchStatus status) {
        moved(id, status, deliveries.get(id).riderId());
    }

    List<String> actions() {
        return calls.stream().filter(call -> !call.startsWith("location")).toList();
    }

    List<String> locations() {
        return calls.stream().filter(call -> call.startsWith("location")).toList();
    }

    @Override
    public Optional<Delivery> current(UUID dispatchId) {
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
        return call(
                "accept",
                "accept",
                () -> deliveries.get(id).status() != DispatchStatus.NEW
                        ? conflict(id)
                        : moved(id, DispatchStatus.ASSIGNED, UUID.fromString(token)));
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

    private Answer call(String action, String record, Supplier<Answer> behave) throws IOException {
        calls.add(record);
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
                id, new Delivery(id, to, riderId, d.pickup(), d.dropoff(), d.customerName(), d.pin(), d.speedKmh()));
        return new Answer(200, "{}");
    }

    private Answer conflict(UUID id) {
        return new Answer(
                409,
                "{\"error\":{\"details\":{\"currentStatus\":\""
                        + deliveries.get(id).status() + "\"}}}");
    }
}
