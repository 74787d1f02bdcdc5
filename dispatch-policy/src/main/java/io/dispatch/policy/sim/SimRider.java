package io.dispatch.policy.sim;

import io.dispatch.policy.core.Mode;
import io.dispatch.policy.core.Point;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * A simulated rider riding its stops. Order of stops (ADR 0039): when free to move, the rider goes to the stop it
 * can finish soonest (travel, plus waiting for readyAt at a pickup, plus the service time), a drop-off only after
 * its pickup. It finishes a leg or a service it started before choosing again, but leaves a pickup it is waiting at
 * when another stop can be finished sooner.
 *
 * <p>BATCHED (decisions.md §15): the rider follows the route the core planned instead ({@link RouteOrder}: stops by
 * their recorded planned times). When free to move it rides to the route's first stop; a plan that changes while it
 * rides takes effect once the leg is done. When that stop is a pickup whose food is not ready yet, the rider sets off
 * just in time to arrive when it is (the pickup's planned time, which the rider app shows), and stays where it is
 * until then, free to take another route (ADR 0062). A rider who arrived at a stop serves it (waiting for readyAt at
 * a pickup, when late food keeps it): a stop in progress never moves.
 */
final class SimRider {

    private enum Doing {
        IDLE,
        TRAVELLING,
        WAITING,
        SERVING
    }

    final Scenario.Rider rider;
    final UUID riderId;
    final List<SimOrder> held = new ArrayList<>();
    boolean onShift;
    double meters;
    /** The most orders held at once. */
    int mostHeld;
    /** Stops served, in order: "P:" or "D:" and the order's id. */
    final List<String> served = new ArrayList<>();

    private final Simulation simulation;
    private Doing doing = Doing.IDLE;
    private Point position;
    private Point legFrom;
    private long legStartMillis;
    private long legEndMillis;
    private SimOrder target;
    /** BATCHED: the rider follows the core's route. */
    private final boolean routed;
    /** Bumped whenever plans change, so events scheduled for an abandoned plan do nothing. */
    private long plan;

    SimRider(Scenario.Rider rider, UUID riderId, Simulation simulation) {
        this.rider = rider;
        this.riderId = riderId;
        this.simulation = simulation;
        this.position = rider.position();
        this.routed = simulation.scenario.policy().mode() == Mode.BATCHED;
    }

    boolean hasRoom() {
        return held.size() < rider.maxActive();
    }

    Point positionAt(long nowMillis) {
        if (doing != Doing.TRAVELLING || legEndMillis <= legStartMillis) {
            return position;
        }
        double fraction = Math.min(1, (double) (nowMillis - legStartMillis) / (legEndMillis - legStartMillis));
        return new Point(
                legFrom.lat() + (position.lat() - legFrom.lat()) * fraction,
                legFrom.lng() + (position.lng() - legFrom.lng()) * fraction);
    }

    void take(SimOrder order, long nowMillis) {
        held.add(order);
        mostHeld = Math.max(mostHeld, held.size());
        if (held.size() > rider.maxActive()) {
            simulation.violation("rider " + rider.id() + " holds " + held.size() + " > maxActive");
        }
        order.holder = this;
        replan(nowMillis);
    }

    /** Whether the rider is waiting or serving at {@code order}'s stop. */
    boolean atStopOf(SimOrder order) {
        return target == order && (doing == Doing.WAITING || doing == Doing.SERVING);
    }

    /** The order was given back before its pickup; a leg towards it ends where the rider is. */
    void drop(SimOrder order, long nowMillis) {
        held.remove(order);
        order.holder = null;
        if (target == order && (doing == Doing.TRAVELLING || doing == Doing.WAITING)) {
            if (doing == Doing.TRAVELLING) {
                Point here = positionAt(nowMillis);
                meters += simulation.travel().meters(legFrom, here);
                position = here;
            }
            doing = Doing.IDLE;
            target = null;
            plan++;
        }
        replan(nowMillis);
    }

    /** BATCHED: a recorded plan moved one of the rider's orders; a rider free to move follows the new route. */
    void routeChanged(long nowMillis) {
        replan(nowMillis);
    }

    /** BATCHED: the rider's stops in the order it will ride them now. */
    List<RouteOrder.Stop> route() {
        return RouteOrder.of(held);
    }

    private void replan(long nowMillis) {
        if (doing == Doing.TRAVELLING || doing == Doing.SERVING) {
            return;
        }
        if (routed) {
            if (doing == Doing.WAITING || held.isEmpty()) {
                return;
            }
            SimOrder first = route().getFirst().order();
            long setOff = setOffMillis(first);
            if (setOff > nowMillis) {
                plan++;
                long expected = plan;
                simulation.queue().at(setOff, () -> setOff(expected));
                return;
            }
            ride(first, nowMillis);
            return;
        }
        SimOrder best = null;
        long bestFinish = Long.MAX_VALUE;
        for (SimOrder order : held) {
            long finish = finishMillis(order, nowMillis);
            if (finish < bestFinish) {
                bestFinish = finish;
                best = order;
            }
        }
        if (best == null || (doing == Doing.WAITING && best == target)) {
            return;
        }
        ride(best, nowMillis);
    }

    /**
     * BATCHED: when to leave for {@code first} to arrive as its food is ready (its pickup not yet made); now or earlier
     * for a drop-off or food already ready.
     */
    private long setOffMillis(SimOrder first) {
        if (first.pickedUpAt != null) {
            return Long.MIN_VALUE;
        }
        return first.readyAtMillis() - Math.round(simulation.travel().seconds(position, first.order.pickup()) * 1000);
    }

    private void setOff(long expected) {
        if (expected == plan) {
            replan(simulation.queue().nowMillis());
        }
    }

    /** Sets off to the next stop of {@code order} (its pickup, or its drop-off once picked up). */
    private void ride(SimOrder next, long nowMillis) {
        plan++;
        target = next;
        Point destination = stopOf(next);
        legFrom = position;
        position = destination;
        legStartMillis = nowMillis;
        legEndMillis = nowMillis + Math.round(simulation.travel().seconds(legFrom, destination) * 1000);
        doing = Doing.TRAVELLING;
        long expected = plan;
        simulation.queue().at(legEndMillis, () -> arrive(expected));
    }

    private long finishMillis(SimOrder order, long nowMillis) {
        long travel = Math.round(simulation.travel().seconds(position, stopOf(order)) * 1000);
        if (order.pickedUpAt == null) {
            return Math.max(nowMillis + travel, order.readyAtMillis()) + simulation.pickupServiceMillis();
        }
        return nowMillis + travel + simulation.dropoffServiceMillis();
    }

    private static Point stopOf(SimOrder order) {
        return order.pickedUpAt == null ? order.order.pickup() : order.order.dropoff();
    }

    private void arrive(long expected) {
        if (expected != plan) {
            return;
        }
        meters += simulation.travel().meters(legFrom, position);
        long now = simulation.queue().nowMillis();
        if (target.pickedUpAt == null && now < target.readyAtMillis()) {
            doing = Doing.WAITING;
            simulation.queue().at(target.readyAtMillis(), () -> serve(expected));
        } else {
            serve(expected);
        }
    }

    private void serve(long expected) {
        if (expected != plan) {
            return;
        }
        doing = Doing.SERVING;
        boolean pickup = target.pickedUpAt == null;
        long service = pickup ? simulation.pickupServiceMillis() : simulation.dropoffServiceMillis();
        simulation.queue().at(simulation.queue().nowMillis() + service, () -> finish(expected));
    }

    private void finish(long expected) {
        if (expected != plan) {
            return;
        }
        SimOrder done = target;
        doing = Doing.IDLE;
        target = null;
        long now = simulation.queue().nowMillis();
        served.add((done.pickedUpAt == null ? "P:" : "D:") + done.order.id());
        if (done.pickedUpAt == null) {
            done.pickedUpAt = now;
            simulation.pickedUp(done, this);
        } else {
            done.deliveredAt = now;
            held.remove(done);
            simulation.delivered(done, this);
        }
        replan(now);
    }
}
