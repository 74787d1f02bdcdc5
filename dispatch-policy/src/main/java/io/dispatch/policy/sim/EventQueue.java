package io.dispatch.policy.sim;

import java.util.PriorityQueue;

/** The simulated clock: actions in time order, and in the order they were scheduled at equal times. */
final class EventQueue {

    private record Event(long atMillis, long sequence, Runnable action) {}

    private final PriorityQueue<Event> events = new PriorityQueue<>((left, right) -> {
        int byTime = Long.compare(left.atMillis(), right.atMillis());
        return byTime != 0 ? byTime : Long.compare(left.sequence(), right.sequence());
    });
    private long sequence;
    private long nowMillis;

    long nowMillis() {
        return nowMillis;
    }

    void at(long atMillis, Runnable action) {
        events.add(new Event(Math.max(atMillis, nowMillis), sequence++, action));
    }

    /** Runs the next action; false when none is left. */
    boolean runNext() {
        Event event = events.poll();
        if (event == null) {
            return false;
        }
        nowMillis = event.atMillis();
        event.action().run();
        return true;
    }
}
