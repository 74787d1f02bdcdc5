package io.dispatch.query.stats;

import io.dispatch.query.SqlTimes;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;

/**
 * A merchant's deliveries per UTC day, from the deliveries read model, in one statement: the
 * created count by the day of creation (index dispatches_merchant_newest), the final statuses by
 * the day the delivery reached them (index dispatches_merchant_finished, V6). A row in a final
 * status never moves again, so its updated_at is the time of that final status.
 */
@Repository
public class DailyStatsRows {

    /**
     * Every day of the period (generate_series), so a day without deliveries is a row of zeros.
     * On time: delivered at or before the delivery's targetDeliveryAt (given at creation or derived
     * from its zone's targetDeliverySeconds); a delivery without one is neither on time nor late.
     */
    static final String SQL = """
      with days as (
        select day::date as day from generate_series(:first::date, :last::date, interval '1 day') as day
      ),
      created as (
        select (created_at at time zone 'UTC')::date as day, count(*) as created
          from query.dispatches
         where merchant_id = :merchant and created_at >= :from and created_at < :until
         group by 1
      ),
      finished as (
        select (updated_at at time zone 'UTC')::date as day,
               count(*) filter (where status = 'DELIVERED') as delivered,
               count(*) filter (where status = 'FAILED') as failed,
               count(*) filter (where status = 'CANCELLED') as cancelled,
               count(*) filter (where status = 'DELIVERED'
                                  and updated_at <= %1$s) as on_time,
               count(*) filter (where status = 'DELIVERED'
                                  and updated_at > %1$s) as late
          from query.dispatches
         where merchant_id = :merchant and status in ('DELIVERED', 'FAILED', 'CANCELLED')
           and updated_at >= :from and updated_at < :until
         group by 1
      )
      select days.day, coalesce(created.created, 0) as created, coalesce(finished.delivered, 0) as delivered,
             coalesce(finished.failed, 0) as failed, coalesce(finished.cancelled, 0) as cancelled,
             coalesce(finished.on_time, 0) as on_time, coalesce(finished.late, 0) as late
        from days left join created using (day) left join finished using (day)
       order by days.day""".formatted(SqlTimes.timestamptz("body ->> 'targetDeliveryAt'"));

    private final DatabaseClient db;

    public DailyStatsRows(DatabaseClient queryDatabaseClient) {
        this.db = queryDatabaseClient;
    }

    /** One row per day from {@code first} to {@code last}, both included, oldest first. */
    public Flux<DayStats> days(UUID merchantId, LocalDate first, LocalDate last) {
        return db.sql(SQL)
                .bind("merchant", merchantId)
                .bind("first", first)
                .bind("last", last)
                .bind("from", first.atStartOfDay(ZoneOffset.UTC).toInstant())
                .bind("until", last.plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant())
                .map(row -> DayStats.of(
                        row.get("day", LocalDate.class),
                        count(row.get("created", Long.class)),
                        count(row.get("delivered", Long.class)),
                        count(row.get("failed", Long.class)),
                        count(row.get("cancelled", Long.class)),
                        count(row.get("on_time", Long.class)),
                        count(row.get("late", Long.class))))
                .all();
    }

    private static long count(Long value) {
        return value == null ? 0 : value;
    }
}
