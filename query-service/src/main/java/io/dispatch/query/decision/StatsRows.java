package io.dispatch.query.decision;

import java.time.Instant;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Mono;

/**
 * The operator's figures in one statement over the deliveries created in a period (index
 * dispatching_created), their offers (index dispatch_offers_dispatch) and the percentiles of their
 * time to the first assignment (percentile_cont, continuous: interpolated between the two nearest).
 */
@Repository
public class StatsRows {

    private static final String SQL = """
      with d as (
        select * from query.dispatching where created_at >= :from and created_at < :to%s
      ),
      o as (select o.status from query.dispatch_offers o join d on d.dispatch_id = o.dispatch_id),
      waits as (
        select extract(epoch from first_assigned_at - created_at)::float8 as seconds
          from d where first_assigned_at is not null
      )
      select (select count(*) from d) as created,
             (select count(*) from waits) as assigned,
             (select percentile_cont(0.5) within group (order by seconds) from waits) as p50,
             (select percentile_cont(0.9) within group (order by seconds) from waits) as p90,
             (select percentile_cont(0.99) within group (order by seconds) from waits) as p99,
             (select count(*) from o) as made,
             (select count(*) from o where status = 'ACCEPTED') as accepted,
             (select count(*) from o where status = 'DECLINED') as declined,
             (select count(*) from o where status = 'EXPIRED') as expired,
             (select count(*) from d where no_rider_at is not null) as no_rider,
             (select count(*) from d where picked_up_at is not null and target_pickup_at is not null) as pickups,
             (select count(*) from d where picked_up_at <= target_pickup_at) as pickups_on_time,
             (select count(*) from d where delivered_at is not null and target_delivery_at is not null) as deliveries,
             (select count(*) from d where delivered_at <= target_delivery_at) as deliveries_on_time""";

    private final DatabaseClient db;

    public StatsRows(DatabaseClient queryDatabaseClient) {
        this.db = queryDatabaseClient;
    }

    /** {@code zoneId} and {@code sandbox} null: any. */
    public Mono<DispatchStats> over(Instant from, Instant to, String zoneId, Boolean sandbox) {
        String filters =
                (zoneId == null ? "" : " and zone_id = :zone") + (sandbox == null ? "" : " and sandbox = :sandbox");
        var spec = db.sql(SQL.formatted(filters)).bind("from", from).bind("to", to);
        if (zoneId != null) {
            spec = spec.bind("zone", zoneId);
        }
        if (sandbox != null) {
            spec = spec.bind("sandbox", sandbox);
        }
        return spec.map(row -> {
                    long accepted = row.get("accepted", Long.class);
                    long answered = accepted + row.get("declined", Long.class) + row.get("expired", Long.class);
                    return new DispatchStats(
                            row.get("created", Long.class),
                            row.get("assigned", Long.class),
                            new DispatchStats.TimeToAssign(
                                    row.get("p50", Double.class),
                                    row.get("p90", Double.class),
                                    row.get("p99", Double.class)),
                            new DispatchStats.Offers(
                                    row.get("made", Long.class),
                                    accepted,
                                    row.get("declined", Long.class),
                                    row.get("expired", Long.class)),
                            DispatchStats.share(accepted, answered),
                            row.get("no_rider", Long.class),
                            DispatchStats.share(row.get("pickups_on_time", Long.class), row.get("pickups", Long.class)),
                            DispatchStats.share(
                                    row.get("deliveries_on_time", Long.class), row.get("deliveries", Long.class)));
                })
                .one();
    }
}
