package io.dispatch.command.proofmedia.infrastructure;

import io.dispatch.command.proofmedia.domain.CheckedImage;
import io.dispatch.command.proofmedia.domain.ImageType;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/**
 * Table command.proof_media (db/command/V9): the bytes of each proof photo or signature, at most
 * {@link #MAX_PER_DELIVERY} per delivery. Each takes the next free slot of its delivery in one
 * statement; two uploads racing for one slot meet on the unique (dispatch_id, slot) and the loser
 * takes the next. Blocking JDBC: call it off the event loop.
 */
@Repository
public class ProofMediaStore {

    /** The most media one delivery may hold: a photo or two, a signature, and a retake. */
    public static final int MAX_PER_DELIVERY = 5;

    private final JdbcTemplate jdbc;

    public ProofMediaStore(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** One stored medium, with the ids that say who may read it. */
    public record StoredMedia(UUID dispatchId, UUID merchantId, ImageType type, byte[] bytes) {}

    /** Stores the image in its delivery's next slot; false when the delivery holds its most already. */
    public boolean add(String mediaId, UUID dispatchId, UUID merchantId, UUID riderId, CheckedImage image, Instant at) {
        for (int attempt = 0; ; attempt++) {
            try {
                return jdbc.update(
                                """
            insert into command.proof_media
                   (media_id, dispatch_id, slot, merchant_id, rider_id, content_type, width, height, bytes, uploaded_at)
            select ?, ?, coalesce(max(slot), 0) + 1, ?, ?, ?, ?, ?, ?, ?
              from command.proof_media
             where dispatch_id = ?
            having coalesce(max(slot), 0) < ?""",
                                mediaId,
                                dispatchId,
                                merchantId,
                                riderId,
                                image.type().mediaType(),
                                image.width(),
                                image.height(),
                                image.bytes(),
                                Timestamp.from(at),
                                dispatchId,
                                MAX_PER_DELIVERY)
                        == 1;
            } catch (DuplicateKeyException raced) {
                if (attempt >= MAX_PER_DELIVERY) {
                    throw raced;
                }
            }
        }
    }

    /** How many media the delivery holds. */
    public int count(UUID dispatchId) {
        Integer count = jdbc.queryForObject(
                "select count(*) from command.proof_media where dispatch_id = ?", Integer.class, dispatchId);
        return count == null ? 0 : count;
    }

    public Optional<StoredMedia> find(String mediaId) {
        return jdbc
                .query(
                        """
            select dispatch_id, merchant_id, content_type, bytes from command.proof_media where media_id = ?""",
                        (rs, i) -> new StoredMedia(
                                rs.getObject(1, UUID.class),
                                rs.getObject(2, UUID.class),
                                ImageType.ofMediaType(rs.getString(3)).orElseThrow(),
                                rs.getBytes(4)),
                        mediaId)
                .stream()
                .findFirst();
    }
}
