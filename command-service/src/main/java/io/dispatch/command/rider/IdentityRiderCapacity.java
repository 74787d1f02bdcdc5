package io.dispatch.command.rider;

import io.dispatch.command.dispatch.domain.RiderCapacity;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * A rider's room for one more delivery: what the rider holds ({@link RiderWorkload}'s table, kept
 * in the appending transaction) against the rider's {@code max_active}. One query by key, inside
 * the aggregate's command handling (off the event loop).
 */
@Component
public class IdentityRiderCapacity implements RiderCapacity {

    private final JdbcTemplate jdbc;

    public IdentityRiderCapacity(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    @Override
    public boolean canTakeAnother(UUID riderId) {
        return Boolean.TRUE.equals(jdbc.queryForObject("""
            select (select count(*) from command.rider_assignments where rider_id = ?)
                 < coalesce((select max_active from identity.riders where id = ?), 1)""", Boolean.class, riderId, riderId));
    }
}
