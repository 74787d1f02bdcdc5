package io.dispatch.command.dispatch.domain;

import io.dispatch.events.DeliveryPlanned;
import io.dispatch.events.DispatchDecisionEvent;
import io.dispatch.events.DispatchOffered;
import io.dispatch.events.NoRiderFound;
import io.dispatch.events.OfferAccepted;
import io.dispatch.events.OfferDeclined;
import io.dispatch.events.OfferExpired;
import io.dispatch.events.OfferWithdrawn;
import io.dispatch.events.RiderAutoAssigned;
import io.dispatch.events.RiderUnassigned;
import java.time.Instant;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.axonframework.eventsourcing.EventSourcingHandler;

/**
 * A delivery's offers, as its events left them: which are open, which rider answered what, and
 * which riders are not to be offered it again (they declined, let an offer expire, or gave back
 * an automatic assignment). A member of the {@link Dispatch} aggregate: its event sourcing
 * handlers evolve it, {@link OfferDesk} and {@link Dispatch} ask it; it decides nothing itself.
 */
final class OfferBook {

    /** Where an offer stands; the names are the API's {@code details.offerStatus}. */
    enum OfferStatus {
        OPEN,
        ACCEPTED,
        DECLINED,
        EXPIRED,
        WITHDRAWN,
        TAKEN
    }

    record Offer(UUID offerId, UUID riderId, Instant expiresAt, OfferStatus status) {

        Offer closed(OfferStatus closing) {
            return new Offer(offerId, riderId, expiresAt, closing);
        }
    }

    private final Map<UUID, Offer> offers = new LinkedHashMap<>();
    private final Set<UUID> excluded = new HashSet<>();
    private String lastNoRiderReason;

    Optional<Offer> find(UUID offerId) {
        return Optional.ofNullable(offers.get(offerId));
    }

    List<Offer> open() {
        return offers.values().stream()
                .filter(offer -> offer.status() == OfferStatus.OPEN)
                .toList();
    }

    Optional<Offer> openFor(UUID riderId) {
        return open().stream().filter(offer -> offer.riderId().equals(riderId)).findFirst();
    }

    boolean excludes(UUID riderId) {
        return excluded.contains(riderId);
    }

    /** Whether "nobody eligible" for this reason is news: not already the last word since the last offer. */
    boolean isNewNoRider(String reason) {
        return !reason.equals(lastNoRiderReason);
    }

    @EventSourcingHandler
    void on(RiderUnassigned event) {
        excluded.add(event.riderId());
    }

    @EventSourcingHandler
    void on(DispatchDecisionEvent event) {
        switch (event) {
            case DispatchOffered e -> {
                offers.put(e.offerId(), new Offer(e.offerId(), e.riderId(), e.expiresAt(), OfferStatus.OPEN));
                lastNoRiderReason = null;
            }
            case OfferAccepted e -> close(e.offerId(), OfferStatus.ACCEPTED);
            case OfferDeclined e -> {
                close(e.offerId(), OfferStatus.DECLINED);
                excluded.add(e.riderId());
            }
            case OfferExpired e -> {
                close(e.offerId(), OfferStatus.EXPIRED);
                excluded.add(e.riderId());
            }
            case OfferWithdrawn e ->
                close(e.offerId(), OfferWithdrawn.TAKEN.equals(e.reason()) ? OfferStatus.TAKEN : OfferStatus.WITHDRAWN);
            case RiderAutoAssigned e -> lastNoRiderReason = null;
            case NoRiderFound e -> lastNoRiderReason = e.reason();
            case DeliveryPlanned e -> {
                // a plan is about the route, not the offers (DeliveryEstimates keeps it)
            }
        }
    }

    private void close(UUID offerId, OfferStatus closing) {
        offers.computeIfPresent(offerId, (id, offer) -> offer.closed(closing));
    }
}
