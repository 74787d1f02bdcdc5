package io.dispatch.query.whatif;

import java.sql.Timestamp;
import javax.sql.DataSource;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * How many orders a period holds by the read model ({@code query.dispatching}, one row per delivery with the zone of
 * the policy it was created under): counted before the log is read, so that a period too large to simulate is
 * refused before it is loaded.
 */
final class RecordedOrders {

    private final JdbcClient db;

    RecordedOrders(DataSource dataSource) {
        this.db = JdbcClient.create(dataSource);
    }

    long in(WhatIfRequest request) {
        return db.sql("""
            select count(*) from query.dispatching
             where created_at >= ? and created_at < ? and (cast(? as text) is null or policy_zone_id = ?)""")
                .params(
                        Timestamp.from(request.from()),
                        Timestamp.from(request.to()),
                        request.zoneId(),
                        request.zoneId())
                .query(Long.class)
                .single();
    }
}
