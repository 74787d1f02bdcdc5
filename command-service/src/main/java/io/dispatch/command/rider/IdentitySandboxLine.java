package io.dispatch.command.rider;

import io.dispatch.command.dispatch.domain.SandboxLine;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * The sandbox line from the shared identity schema: the merchant's and the rider's {@code sandbox}
 * flags, in one query by primary key. Blocking JDBC, called inside the aggregate's command handling
 * (already off the event loop). A merchant or rider without a row counts as real.
 */
@Component
public class IdentitySandboxLine implements SandboxLine {

    private final JdbcTemplate jdbc;

    public IdentitySandboxLine(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    @Override
    public boolean sameSide(UUID merchantId, UUID riderId) {
        return Boolean.TRUE.equals(jdbc.queryForObject("""
            select coalesce((select sandbox from identity.merchants where id = ?), false)
                 = coalesce((select sandbox from identity.riders where id = ?), false)""", Boolean.class, merchantId, riderId));
    }
}
