package io.dispatch.simulator.fleet;

import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Sandbox deliveries a simulated rider may take: seen created and not yet seen leaving NEW.
 * Those whose accept-after has passed wait for a free rider, oldest first. Not thread-safe: the
 * fleet uses it under its lock.
 */
final class Offers {

    private final Set<UUID> open = new LinkedHashSet<>();
    private final Set<UUID> waiting = new LinkedHashSet<>();

    void add(UUID dispatchId) {
        open.add(dispatchId);
    }

    /** Its accept-after has passed; answers whether it is still open, and so waits for a rider now. */
    boolean due(UUID dispatchId) {
        return open.contains(dispatchId) && waiting.add(dispatchId);
    }

    /** It left NEW: nobody here takes it. */
    void taken(UUID dispatchId) {
        open.remove(dispatchId);
        waiting.remove(dispatchId);
    }

    /** The oldest waiting offer, which is no longer an offer once answered. */
    Optional<UUID> next() {
        Iterator<UUID> oldest = waiting.iterator();
        if (!oldest.hasNext()) {
            return Optional.empty();
        }
        UUID offer = oldest.next();
        taken(offer);
        return Optional.of(offer);
    }

    /** Forgets the offers that were due, when leadership changes hands; a person or an operator takes them. */
    void forgetWaiting() {
        waiting.clear();
    }

    List<UUID> waiting() {
        return List.copyOf(waiting);
    }
}
