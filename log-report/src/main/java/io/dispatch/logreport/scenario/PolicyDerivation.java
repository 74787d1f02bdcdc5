package io.dispatch.logreport.scenario;

import io.dispatch.policy.core.Mode;
import io.dispatch.policy.core.Policy;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The scenario's policy and how its riders answer offers, derived from the orders' recorded policy and their offers,
 * each with a note saying where it came from.
 */
final class PolicyDerivation {

    static final int DEFAULT_ACCEPT_SECONDS = 10;

    private final OrderBook book;
    private final StoreSettings store;
    private final List<String> notes;

    PolicyDerivation(OrderBook book, StoreSettings store, List<String> notes) {
        this.book = book;
        this.store = store;
        this.notes = notes;
    }

    Policy policy() {
        Policy defaults = Policy.defaults(Policy.DEFAULT_ZONE);
        Mode mode = mode();
        Duration offerTimeout = offerTimeout(defaults);
        StoreSettings.PolicyRow row = store.policy();
        if (row != null) {
            notes.add("maxOffers " + row.maxOffers() + ", radiusMeters " + row.radiusMeters() + ", fallback "
                    + row.fallback() + ": command.dispatch_policies zone "
                    + row.key().zoneId() + " version "
                    + row.key().version() + " (the most orders' policy)");
            return new Policy(
                    Policy.DEFAULT_ZONE, mode, offerTimeout, row.maxOffers(), row.radiusMeters(), row.fallback(), 1);
        }
        notes.add("maxOffers " + defaults.maxOffers() + ", radiusMeters " + defaults.radiusMeters() + ", fallback "
                + defaults.fallback() + ": the policy's defaults (the log does not hold them)");
        return new Policy(
                Policy.DEFAULT_ZONE,
                mode,
                offerTimeout,
                defaults.maxOffers(),
                defaults.radiusMeters(),
                defaults.fallback(),
                1);
    }

    /** The mode most orders were created under; at equal counts the first in {@link Mode}'s order. */
    private Mode mode() {
        Map<Mode, Integer> counts = new EnumMap<>(Mode.class);
        for (OrderTrack order : book.orders.values()) {
            try {
                counts.merge(Mode.valueOf(order.mode.trim().toUpperCase(Locale.ROOT)), 1, Integer::sum);
            } catch (IllegalArgumentException e) {
                // a mode this code does not know counts for none
            }
        }
        if (counts.isEmpty()) {
            notes.add("mode MANUAL: no order names a known mode");
            return Mode.MANUAL;
        }
        Mode most = Mode.MANUAL;
        int highest = 0;
        for (Map.Entry<Mode, Integer> entry : counts.entrySet()) {
            if (entry.getValue() > highest) {
                most = entry.getKey();
                highest = entry.getValue();
            }
        }
        notes.add("mode " + most + ": the policy of " + highest + " of " + book.orders.size() + " orders");
        return most;
    }

    private Duration offerTimeout(Policy defaults) {
        Long median = Medians.of(book.offerWindowsMillis);
        long seconds = median == null ? 0 : Math.round(median / 1000.0);
        if (seconds >= 1) {
            notes.add("offerTimeout " + Duration.ofSeconds(seconds) + ": the median of "
                    + book.offerWindowsMillis.size() + " offers' expiresAt - occurredAt");
            return Duration.ofSeconds(seconds);
        }
        if (store.policy() != null) {
            notes.add("offerTimeout " + store.policy().offerTimeout() + ": no offer; command.dispatch_policies");
            return store.policy().offerTimeout();
        }
        notes.add("offerTimeout " + defaults.offerTimeout() + ": no offer; the default");
        return defaults.offerTimeout();
    }

    /** The median seconds from an offer to its acceptance, rounded; 10 without an accepted offer. */
    int riderAcceptSeconds() {
        Long median = Medians.of(book.acceptDelaysMillis);
        if (median == null) {
            notes.add("riderAcceptSeconds " + DEFAULT_ACCEPT_SECONDS + ": no accepted offer; the default");
            return DEFAULT_ACCEPT_SECONDS;
        }
        int seconds = (int) Math.max(0, Math.round(median / 1000.0));
        notes.add("riderAcceptSeconds " + seconds + ": the median of " + book.acceptDelaysMillis.size()
                + " accepted offers' time to accept");
        return seconds;
    }

    /**
     * Accepted of all answers; an automatic assignment is an answer too (the simulator's riders decline those with the
     * same share): accepted unless given back.
     */
    double riderAcceptShare() {
        long accepted = book.offersAccepted + Math.max(0, book.autoAssigned - book.givenBack);
        long declined = book.offersDeclined + book.givenBack;
        if (accepted + declined == 0) {
            notes.add("riderAcceptShare 1: no rider answered an offer");
            return 1;
        }
        double share = Math.round(10_000.0 * accepted / (accepted + declined)) / 10_000.0;
        notes.add("riderAcceptShare " + share + ": " + accepted + " accepted of " + (accepted + declined)
                + " answers (offers accepted or declined, automatic assignments kept or given back)");
        return share;
    }
}
