package io.dispatch.web.identity;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Riders, their tokens and their last known position, in the shared identity schema. A token
 * has the shape of an API key ({@code rdr_<hex>.<secret>}); only a hash of the secret is kept,
 * so the token is shown once, when the rider is created. Blocking JDBC: call it off the event loop.
 */
@Component
public class RiderAccounts {

    private final JdbcTemplate jdbc;
    private final Clock clock;

    public RiderAccounts(JdbcTemplate jdbc, Clock clock) {
        this.jdbc = jdbc;
        this.clock = clock;
    }

    /** A new rider with the one copy of its token. */
    public record IssuedRider(UUID id, String name, String phone, boolean sandbox, String token, Instant createdAt) {}

    /** What authentication needs: the hash to compare and who it belongs to. */
    public record StoredToken(UUID riderId, String name, byte[] tokenHash) {}

    /** A position as the rider's device reported it. */
    public record Position(double latitude, double longitude, Instant recordedAt) {}

    /**
     * A rider; a sandbox one takes sandbox merchants' deliveries only, a real one real merchants'
     * only (decisions.md §13).
     */
    public record Rider(UUID id, String name, String phone, boolean sandbox, Position lastPosition) {}

    /** A real rider. */
    public IssuedRider createRider(String name, String phone) {
        return createRider(name, phone, false);
    }

    /** A new rider, real or sandbox, for a person (the simulator makes its own: {@link #createSimulatedRider}). */
    public IssuedRider createRider(String name, String phone, boolean sandbox) {
        return insert(name, phone, sandbox, false);
    }

    /** A new rider of the sandbox rider simulator: always a sandbox rider. */
    public IssuedRider createSimulatedRider(String name, String phone) {
        return insert(name, phone, true, true);
    }

    private IssuedRider insert(String name, String phone, boolean sandbox, boolean simulated) {
        UUID id = UUID.randomUUID();
        String tokenId = newTokenId();
        String secret = ApiKeys.newSecret();
        Instant now = clock.instant();
        jdbc.update("""
        insert into identity.riders (id, name, phone, token_id, token_hash, created_at, sandbox, simulated)
        values (?, ?, ?, ?, ?, ?, ?, ?)""", id, name, phone, tokenId, ApiKeys.hash(secret), Timestamp.from(now), sandbox, simulated);
        return new IssuedRider(id, name, phone, sandbox, tokenId + "." + secret, now);
    }

    /**
     * Replaces the rider's token and answers the one copy of the new one; the old token stops
     * working at once on this instance and within the credential cache's lifetime on the others.
     * Empty when there is no such rider.
     */
    public Optional<String> renewToken(UUID riderId) {
        String tokenId = newTokenId();
        String secret = ApiKeys.newSecret();
        int updated = jdbc.update(
                "update identity.riders set token_id = ?, token_hash = ? where id = ?",
                tokenId,
                ApiKeys.hash(secret),
                riderId);
        return updated == 1 ? Optional.of(tokenId + "." + secret) : Optional.empty();
    }

    /** The simulator's riders, oldest first. */
    public List<Rider> simulatedRiders() {
        return jdbc.query("""
            select id, name, phone, sandbox, last_lat, last_lng, last_located_at from identity.riders
             where simulated order by created_at, id""", (rs, i) -> rider(rs));
    }

    public Optional<StoredToken> findToken(String tokenId) {
        return jdbc
                .query(
                        "select id, name, token_hash from identity.riders where token_id = ?",
                        (rs, i) -> new StoredToken(
                                rs.getObject("id", UUID.class), rs.getString("name"), rs.getBytes("token_hash")),
                        tokenId)
                .stream()
                .findFirst();
    }

    public Optional<Rider> find(UUID riderId) {
        return jdbc.query("""
            select id, name, phone, sandbox, last_lat, last_lng, last_located_at
              from identity.riders where id = ?""", (rs, i) -> rider(rs), riderId).stream().findFirst();
    }

    /** Keeps the newest position: a fix older than the stored one (a late, out-of-order upload) is ignored. */
    public void recordPosition(UUID riderId, Position position) {
        Timestamp at = Timestamp.from(position.recordedAt());
        jdbc.update("""
        update identity.riders set last_lat = ?, last_lng = ?, last_located_at = ?
         where id = ? and (last_located_at is null or last_located_at <= ?)""", position.latitude(), position.longitude(), at, riderId, at);
    }

    /**
     * Claims the right to emit the rider's location event now: true at most once per
     * {@code minInterval} per rider, however many instances ask at once (one conditional update;
     * PostgreSQL re-checks the condition after a concurrent update commits).
     */
    public boolean claimLocationEvent(UUID riderId, Duration minInterval) {
        Instant now = clock.instant();
        return jdbc.update("""
        update identity.riders set location_event_at = ?
         where id = ? and (location_event_at is null or location_event_at <= ?)""", Timestamp.from(now), riderId, Timestamp.from(now.minus(minInterval))) == 1;
    }

    private static String newTokenId() {
        return "rdr_" + ApiKeys.newKeyId().substring("key_".length());
    }

    private static Rider rider(ResultSet rs) throws SQLException {
        return new Rider(
                rs.getObject("id", UUID.class),
                rs.getString("name"),
                rs.getString("phone"),
                rs.getBoolean("sandbox"),
                position(rs));
    }

    private static Position position(ResultSet rs) throws SQLException {
        Timestamp at = rs.getTimestamp("last_located_at");
        return at == null ? null : new Position(rs.getDouble("last_lat"), rs.getDouble("last_lng"), at.toInstant());
    }
}
