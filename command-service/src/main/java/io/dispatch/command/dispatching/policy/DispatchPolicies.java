package io.dispatch.command.dispatching.policy;

import io.dispatch.command.dispatching.policy.DispatchPolicy.DispatchMode;
import io.dispatch.command.dispatching.policy.DispatchPolicy.Fallback;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * The zones' dispatching policies, every version kept. A creation asks for the policy of its
 * pickup zone many times a second, so the current versions are read at most once a second per
 * instance: a change reaches deliveries created on every instance within a second of its answer.
 */
@Component
public class DispatchPolicies {

    /** What an operator sets; the version and time are the store's. */
    public record Setting(
            DispatchMode mode, Duration offerTimeout, int maxOffers, int radiusMeters, Fallback fallback) {}

    private static final Duration FRESH_FOR = Duration.ofSeconds(1);

    private final JdbcTemplate jdbc;
    private final Clock clock;
    private volatile Snapshot snapshot = new Snapshot(Map.of(), Instant.MIN);

    private record Snapshot(Map<String, DispatchPolicy> current, Instant readAt) {}

    public DispatchPolicies(JdbcTemplate jdbc, Clock clock) {
        this.jdbc = jdbc;
        this.clock = clock;
    }

    /** The policy a delivery created now in {@code zoneId} follows: the zone's own, else {@code default}'s. */
    public DispatchPolicy forZone(String zoneId) {
        Map<String, DispatchPolicy> current = current();
        DispatchPolicy own = zoneId == null ? null : current.get(zoneId);
        if (own != null) {
            return own;
        }
        return current.getOrDefault(DispatchPolicy.DEFAULT_ZONE, DispatchPolicy.builtIn());
    }

    /** Zone {@code default} first (version 0 when never set), then every zone with a policy of its own. */
    public List<DispatchPolicy> all() {
        Map<String, DispatchPolicy> current = read();
        List<DispatchPolicy> listed = new ArrayList<>();
        listed.add(current.getOrDefault(DispatchPolicy.DEFAULT_ZONE, DispatchPolicy.builtIn()));
        current.values().stream()
                .filter(policy -> !policy.zoneId().equals(DispatchPolicy.DEFAULT_ZONE))
                .sorted(Comparator.comparing(DispatchPolicy::zoneId))
                .forEach(listed::add);
        return listed;
    }

    /** Stores the next version of the zone's policy (two operators at once each get a version of their own). */
    public DispatchPolicy put(String zoneId, Setting setting, String changedBy) {
        for (int attempt = 1; ; attempt++) {
            try {
                Instant now = clock.instant();
                Long version = jdbc.queryForObject(
                        """
            insert into command.dispatch_policies
              (zone_id, version, mode, offer_timeout_seconds, max_offers, radius_meters, fallback, changed_at, changed_by)
            select ?, coalesce(max(version), 0) + 1, ?, ?, ?, ?, ?, ?, ?
              from command.dispatch_policies where zone_id = ?
            returning version""",
                        Long.class,
                        zoneId,
                        setting.mode().name(),
                        (int) setting.offerTimeout().toSeconds(),
                        setting.maxOffers(),
                        setting.radiusMeters(),
                        setting.fallback().name(),
                        Timestamp.from(now),
                        changedBy,
                        zoneId);
                snapshot = new Snapshot(Map.of(), Instant.MIN);
                return new DispatchPolicy(
                        zoneId,
                        setting.mode(),
                        setting.offerTimeout(),
                        setting.maxOffers(),
                        setting.radiusMeters(),
                        setting.fallback(),
                        version,
                        now);
            } catch (DuplicateKeyException raced) {
                if (attempt == 3) {
                    throw raced;
                }
            }
        }
    }

    private Map<String, DispatchPolicy> current() {
        Snapshot seen = snapshot;
        Instant now = clock.instant();
        if (seen.readAt().plus(FRESH_FOR).isAfter(now)) {
            return seen.current();
        }
        Map<String, DispatchPolicy> read = read();
        snapshot = new Snapshot(read, now);
        return read;
    }

    private Map<String, DispatchPolicy> read() {
        Map<String, DispatchPolicy> current = new LinkedHashMap<>();
        jdbc.query("""
        select distinct on (zone_id) zone_id, version, mode, offer_timeout_seconds, max_offers, radius_meters,
               fallback, changed_at
          from command.dispatch_policies order by zone_id, version desc""", (ResultSet rs) -> {
            DispatchPolicy policy = policy(rs);
            current.put(policy.zoneId(), policy);
        });
        return Map.copyOf(current);
    }

    private static DispatchPolicy policy(ResultSet rs) throws SQLException {
        return new DispatchPolicy(
                rs.getString("zone_id"),
                DispatchMode.valueOf(rs.getString("mode")),
                Duration.ofSeconds(rs.getInt("offer_timeout_seconds")),
                rs.getInt("max_offers"),
                rs.getInt("radius_meters"),
                Fallback.valueOf(rs.getString("fallback")),
                rs.getLong("version"),
                rs.getTimestamp("changed_at").toInstant());
    }
}
