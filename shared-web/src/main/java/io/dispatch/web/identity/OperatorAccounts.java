package io.dispatch.web.identity;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Operator accounts in the shared identity schema (db/identity/V10), where every service's
 * security chain reads them to check a console session. The accounts module signs them in and
 * manages them; only a password hash is kept. Blocking JDBC: call it off the event loop.
 */
@Component
public class OperatorAccounts {

    private final JdbcTemplate jdbc;
    private final Clock clock;

    public OperatorAccounts(JdbcTemplate jdbc, Clock clock) {
        this.jdbc = jdbc;
        this.clock = clock;
    }

    /** An operator account; {@code endedAt} set once it was ended (it can no longer sign in). */
    public record Operator(
            UUID id, String email, String passwordHash, OperatorRole role, Instant createdAt, Instant endedAt) {

        public boolean active() {
            return endedAt == null;
        }
    }

    /** A new account, or empty when a live account already has this email (any case). */
    public Optional<Operator> create(String email, String passwordHash, OperatorRole role) {
        Operator operator = new Operator(UUID.randomUUID(), email, passwordHash, role, clock.instant(), null);
        try {
            jdbc.update(
                    "insert into identity.operators (id, email, password_hash, role, created_at) values (?, ?, ?, ?, ?)",
                    operator.id(),
                    email,
                    passwordHash,
                    role.name(),
                    Timestamp.from(operator.createdAt()));
            return Optional.of(operator);
        } catch (DuplicateKeyException taken) {
            return Optional.empty();
        }
    }

    public Optional<Operator> find(UUID id) {
        return jdbc.query("select * from identity.operators where id = ?", OperatorAccounts::operator, id).stream()
                .findFirst();
    }

    /** The live account with this email, compared without case. */
    public Optional<Operator> findByEmail(String email) {
        return jdbc
                .query(
                        "select * from identity.operators where lower(email) = lower(?) and ended_at is null",
                        OperatorAccounts::operator,
                        email)
                .stream()
                .findFirst();
    }

    /** The live accounts, oldest first. */
    public List<Operator> list() {
        return jdbc.query(
                "select * from identity.operators where ended_at is null order by created_at, id",
                OperatorAccounts::operator);
    }

    /** Whether any live ADMIN account exists. */
    public boolean anyAdmin() {
        return Boolean.TRUE.equals(jdbc.queryForObject(
                "select exists (select 1 from identity.operators where role = 'ADMIN' and ended_at is null)",
                Boolean.class));
    }

    /** Ends a live account; false when there is none with this id. */
    public boolean end(UUID id) {
        return jdbc.update(
                        "update identity.operators set ended_at = ? where id = ? and ended_at is null",
                        Timestamp.from(clock.instant()),
                        id)
                == 1;
    }

    private static Operator operator(ResultSet row, int number) throws SQLException {
        Timestamp ended = row.getTimestamp("ended_at");
        return new Operator(
                row.getObject("id", UUID.class),
                row.getString("email"),
                row.getString("password_hash"),
                OperatorRole.valueOf(row.getString("role")),
                row.getTimestamp("created_at").toInstant(),
                ended == null ? null : ended.toInstant());
    }
}
