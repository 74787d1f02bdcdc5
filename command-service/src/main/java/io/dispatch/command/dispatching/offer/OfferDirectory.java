package io.dispatch.command.dispatching.offer;

import io.dispatch.events.DispatchOffered;
import java.util.Optional;
import java.util.UUID;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Which delivery an offer belongs to, so that a rider can answer by offer id (decisions.md §14:
 * {@code POST /rider/offers/:offerId/accept}). Kept by a subscribing event processor, in the
 * transaction that appends the offer, so an offer the rider has seen is always found.
 */
@Component
@ProcessingGroup(OfferDirectory.PROCESSING_GROUP)
public class OfferDirectory {

    public static final String PROCESSING_GROUP = "offer-directory";

    /** Where an offer points: its delivery and the rider it was made to. */
    public record Entry(UUID dispatchId, UUID riderId) {}

    private final JdbcTemplate jdbc;

    public OfferDirectory(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    public Optional<Entry> find(UUID offerId) {
        return jdbc
                .query(
                        "select dispatch_id, rider_id from command.dispatch_offers where offer_id = ?",
                        (rs, i) -> new Entry(
                                rs.getObject("dispatch_id", UUID.class), rs.getObject("rider_id", UUID.class)),
                        offerId)
                .stream()
                .findFirst();
    }

    @EventHandler
    void on(DispatchOffered event) {
        jdbc.update(
                "insert into command.dispatch_offers (offer_id, dispatch_id, rider_id) values (?, ?, ?) on conflict do nothing",
                event.offerId(),
                event.dispatchId(),
                event.riderId());
    }
}
