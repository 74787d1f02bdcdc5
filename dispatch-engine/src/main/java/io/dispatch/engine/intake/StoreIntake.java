package io.dispatch.engine.intake;

import io.dispatch.policy.core.CoreConfig;
import io.dispatch.policy.core.Fact;
import io.dispatch.policy.core.Fallback;
import io.dispatch.policy.core.Mode;
import io.dispatch.policy.core.Point;
import io.dispatch.policy.core.Policy;
import io.dispatch.policy.core.TravelModel;
import io.dispatch.web.identity.MerchantAccounts;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * What the engine reads from the stores rather than the log: riders' shifts, capacity and side of
 * the sandbox line (the identity schema; every change stamps {@code changed_at}), riders' last
 * positions when the engine starts (later ones come from the rider-positions topic), the zones'
 * travel models, the merchants' sandbox flags, and every version of every dispatching policy (a
 * delivery follows the version it recorded). Small tables, read by key or by what changed.
 */
public final class StoreIntake {

    private record PolicyKey(String zoneId, long version) {}

    private final JdbcTemplate jdbc;
    private final MerchantAccounts merchants;
    private final Map<PolicyKey, Policy> policies = new ConcurrentHashMap<>();
    private final Map<String, TravelModel> travel = new ConcurrentHashMap<>();
    private final Map<UUID, Instant> riderVersions = new ConcurrentHashMap<>();
    private Instant ridersSeenUntil = Instant.EPOCH;

    public StoreIntake(JdbcTemplate jdbc, MerchantAccounts merchants) {
        this.merchants = merchants;
        this.jdbc = jdbc;
    }

    /** Every rider (with its last position) when {@code first}, else the riders changed since the last look. */
    public synchronized List<Fact> riderChanges(Instant now, boolean first) {
        List<Fact> facts = new ArrayList<>();
        Instant since = first ? Instant.EPOCH : ridersSeenUntil.minus(Duration.ofSeconds(2));
        jdbc.query(
                """
        select id, sandbox, shift, max_active, coalesce(changed_at, created_at) as changed_at,
               last_lat, last_lng, last_located_at
          from identity.riders where coalesce(changed_at, created_at) >= ?""",
                rs -> {
                    UUID rider = rs.getObject("id", UUID.class);
                    Instant changed = rs.getTimestamp("changed_at").toInstant();
                    if (changed.equals(riderVersions.put(rider, changed))) {
                        return; // seen at the last look (the looks overlap, so that no commit is missed)
                    }
                    facts.add(new Fact.RiderShift(
                            rider,
                            "ON".equals(rs.getString("shift")),
                            rs.getBoolean("sandbox"),
                            rs.getInt("max_active"),
                            changed));
                    Timestamp located = rs.getTimestamp("last_located_at");
                    if (first && located != null) {
                        facts.add(new Fact.RiderPosition(
                                rider,
                                new Point(rs.getDouble("last_lat"), rs.getDouble("last_lng")),
                                located.toInstant()));
                    }
                    if (changed.isAfter(ridersSeenUntil)) {
                        ridersSeenUntil = changed;
                    }
                },
                Timestamp.from(since));
        return facts;
    }

    /** Each zone's travel model (and {@code default}'s, from the platform schedule), as facts. */
    public List<Fact> zoneTravel(Instant now) {
        List<Fact> facts = new ArrayList<>();
        jdbc.query("select detour_factor, avg_speed_kmh from command.pricing_default", rs -> {
            add(facts, Policy.DEFAULT_ZONE, new TravelModel(rs.getDouble(1), rs.getDouble(2)), now);
        });
        jdbc.query("select id, detour_factor, avg_speed_kmh from command.zones", rs -> {
            add(facts, rs.getString(1), new TravelModel(rs.getDouble(2), rs.getDouble(3)), now);
        });
        return facts;
    }

    private void add(List<Fact> facts, String zoneId, TravelModel model, Instant now) {
        if (!Objects.equals(travel.put(zoneId, model), model)) {
            facts.add(new Fact.ZoneTravel(zoneId, model, now));
        }
    }

    /**
     * The travel model of {@code zoneId}, else of the platform's default schedule (the sandbox simulator's riders
     * ride by it); read each time, without touching the travel models the core is told of.
     */
    public TravelModel travelModel(String zoneId) {
        List<TravelModel> models = jdbc.query(
                """
        select avg_speed_kmh, detour_factor from (
            select 0 as preference, avg_speed_kmh, detour_factor from command.zones where id = ?
            union all select 1, avg_speed_kmh, detour_factor from command.pricing_default) travel
        order by preference limit 1""",
                (rs, row) -> new TravelModel(rs.getDouble("detour_factor"), rs.getDouble("avg_speed_kmh")),
                zoneId == null ? "" : zoneId);
        return models.isEmpty() ? CoreConfig.defaults().defaultTravel() : models.getFirst();
    }

    /** The policy a delivery recorded; version 0 is the built-in MANUAL. Empty for a version not (yet) stored. */
    public Optional<Policy> policy(String zoneId, long version) {
        if (version == 0) {
            return Optional.of(Policy.defaults(zoneId));
        }
        PolicyKey key = new PolicyKey(zoneId, version);
        Policy known = policies.get(key);
        if (known != null) {
            return Optional.of(known);
        }
        jdbc.query(
                """
        select mode, offer_timeout_seconds, max_offers, radius_meters, fallback
          from command.dispatch_policies where zone_id = ? and version = ?""",
                rs -> {
                    policies.put(
                            key,
                            new Policy(
                                    zoneId,
                                    Mode.valueOf(rs.getString("mode")),
                                    Duration.ofSeconds(rs.getInt("offer_timeout_seconds")),
                                    rs.getInt("max_offers"),
                                    rs.getInt("radius_meters"),
                                    Fallback.valueOf(rs.getString("fallback")),
                                    version));
                },
                zoneId,
                version);
        return Optional.ofNullable(policies.get(key));
    }

    /** Whether a merchant is a sandbox merchant: the one cached look-up of {@link MerchantAccounts#sandbox}. */
    public boolean sandboxMerchant(UUID merchantId) {
        return merchants.sandbox(merchantId);
    }
}
