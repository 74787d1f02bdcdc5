package io.dispatch.query.dispatch.web;

import io.dispatch.events.DispatchStatus;
import io.dispatch.events.Source;
import io.dispatch.query.QueryProperties;
import io.dispatch.query.dispatch.DispatchRows.ListPosition;
import io.dispatch.web.cursor.SignedCursors;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.UUID;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * The opaque cursor of GET /dispatches: the text
 * {@code v1|<created_at as epoch microseconds>|<id>|<status or empty>|<source or empty>} in a
 * {@link SignedCursors} envelope (base64url, then the first 16 bytes of its HMAC-SHA256). The MAC also covers the merchant id, so a cursor
 * altered by a client, or presented by another merchant, is refused rather than silently
 * moving the page. Microseconds are the full precision of timestamptz, so the position compares
 * exactly as stored.
 *
 * <p>Every instance must share {@code dispatch.query.cursor-secret} for cursors to work across
 * instances and restarts; without one a fixed built-in key is used, which still detects altered
 * cursors but lets a determined client forge one (harmless: the query is always scoped to the
 * caller's merchant).
 */
@Component
public class ListCursors {

    /** What a cursor carries: the position of the last item served and the filters it was served for. */
    public record Cursor(ListPosition after, DispatchStatus status, Source source) {}

    private static final String VERSION = "v1";
    private static final String BUILT_IN_KEY = "dispatch.query list cursor v1";
    // timestamptz holds far more, but nothing this service writes is outside these years
    private static final Instant EARLIEST = Instant.parse("0001-01-01T00:00:00Z");
    private static final Instant LATEST = Instant.parse("9999-12-31T23:59:59.999999Z");

    private final SignedCursors signed;

    @Autowired
    public ListCursors(QueryProperties properties) {
        this(properties.cursorSecret());
    }

    ListCursors(String secret) {
        String keyText = secret.isBlank() ? BUILT_IN_KEY : secret;
        this.signed = new SignedCursors(keyText.getBytes(StandardCharsets.UTF_8));
    }

    public String encode(UUID merchantId, Cursor cursor) {
        ListPosition after = cursor.after();
        return signed.encode(
                merchantId,
                String.join(
                        "|",
                        VERSION,
                        Long.toString(ChronoUnit.MICROS.between(Instant.EPOCH, after.createdAt())),
                        after.id().toString(),
                        cursor.status() == null ? "" : cursor.status().name(),
                        cursor.source() == null ? "" : cursor.source().wireName()));
    }

    /** The cursor, or empty when it is not one this service issued to this merchant, unchanged. */
    public Optional<Cursor> decode(UUID merchantId, String encoded) {
        return signed.decode(merchantId, encoded).flatMap(ListCursors::parse);
    }

    private static Optional<Cursor> parse(String payload) {
        String[] parts = payload.split("\\|", -1);
        if (parts.length != 5 || !parts[0].equals(VERSION)) {
            return Optional.empty();
        }
        try {
            Instant createdAt = Instant.EPOCH.plus(Long.parseLong(parts[1]), ChronoUnit.MICROS);
            if (createdAt.isBefore(EARLIEST) || createdAt.isAfter(LATEST)) {
                return Optional.empty();
            }
            UUID id = UUID.fromString(parts[2]);
            DispatchStatus status = parts[3].isEmpty() ? null : DispatchStatus.valueOf(parts[3]);
            Source source = parts[4].isEmpty()
                    ? null
                    : DispatchListQuery.sourceNamed(parts[4]).orElseThrow();
            return Optional.of(new Cursor(new ListPosition(createdAt, id), status, source));
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }
}
