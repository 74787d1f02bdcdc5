package io.dispatch.kafka.recovery;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The dead letters and parked keys of every consumer group (tables from db/identity/V6), in
 * PostgreSQL. A key is parked from its first dead letter until a replay applied all of its
 * letters; holding back a later record and ending a replay both lock the key's row, so the two
 * never interleave and each key's records are applied in log order. Blocking JDBC.
 */
public class DeadLetters {

    static final String FAILED = "FAILED";
    static final String PARKED = "PARKED";

    private final JdbcTemplate jdbc;
    private final TransactionTemplate transactions;
    private final Clock clock;

    public DeadLetters(JdbcTemplate jdbc, TransactionTemplate transactions, Clock clock) {
        this.jdbc = jdbc;
        this.transactions = transactions;
        this.clock = clock;
    }

    /** Stores a record the group could not apply and parks its key; false when it was stored before. */
    public boolean fail(String group, ConsumerRecord<?, ?> record, byte[] payload, String error) {
        return Boolean.TRUE.equals(transactions.execute(status -> {
            if (record.key() != null) {
                jdbc.update("""
            insert into kafka.parked_keys (consumer_group, record_key, since) values (?, ?, ?)
            on conflict do nothing""", group, record.key().toString(), Timestamp.from(clock.instant()));
            }
            return insert(group, record, payload, FAILED, error);
        }));
    }

    /**
     * Holds the record back when its key is parked in the group (stored as PARKED); false when the
     * key is not, or no longer, parked and the record is to be applied now.
     */
    public boolean parkIfBehind(String group, ConsumerRecord<?, ?> record, byte[] payload) {
        if (record.key() == null) {
            return false;
        }
        return Boolean.TRUE.equals(transactions.execute(status -> {
            List<Long> parked = jdbc.queryForList(
                    "select 1 from kafka.parked_keys where consumer_group = ? and record_key = ? for update",
                    Long.class,
                    group,
                    record.key().toString());
            if (parked.isEmpty()) {
                return false;
            }
            insert(group, record, payload, PARKED, "held back behind an earlier dead letter of key " + record.key());
            return true;
        }));
    }

    private boolean insert(String group, ConsumerRecord<?, ?> record, byte[] payload, String reason, String error) {
        return jdbc.update(
                        """
        insert into kafka.dead_letters (consumer_group, topic, partition, record_offset, record_key, payload,
                                           reason, error, status, failed_at)
        values (?, ?, ?, ?, ?, ?, ?, ?, 'DEAD', ?)
        on conflict (consumer_group, topic, partition, record_offset) do nothing""",
                        group,
                        record.topic(),
                        record.partition(),
                        record.offset(),
                        record.key() == null ? null : record.key().toString(),
                        payload,
                        reason,
                        error,
                        Timestamp.from(clock.instant()))
                == 1;
    }

    public Set<String> parkedKeys(String group) {
        return new HashSet<>(jdbc.queryForList(
                "select record_key from kafka.parked_keys where consumer_group = ?", String.class, group));
    }

    /** Newest first, after the cursor id when given. Without the payload. */
    public List<DeadLetter> list(String group, String status, Long beforeId, int limit) {
        List<Object> args = new ArrayList<>();
        StringBuilder sql = new StringBuilder("""
        select id, consumer_group, topic, partition, record_offset, record_key, reason, error, status, failed_at,
               replay_requested_at, replayed_at, replay_error, null::bytea as payload
          from kafka.dead_letters where true""");
        if (group != null) {
            sql.append(" and consumer_group = ?");
            args.add(group);
        }
        if (status != null) {
            sql.append(" and status = ?");
            args.add(status);
        }
        if (beforeId != null) {
            sql.append(" and id < ?");
            args.add(beforeId);
        }
        sql.append(" order by id desc limit ?");
        args.add(limit);
        return jdbc.query(sql.toString(), DeadLetters::letter, args.toArray());
    }

    /** Asks for a replay of the group's open letters (of one key when given); answers how many. */
    public int requestReplay(String group, String key) {
        Timestamp now = Timestamp.from(clock.instant());
        return key == null ? jdbc.update("""
            update kafka.dead_letters set status = 'REPLAY_REQUESTED', replay_requested_at = ?
             where consumer_group = ? and status = 'DEAD'""", now, group) : jdbc.update("""
            update kafka.dead_letters set status = 'REPLAY_REQUESTED', replay_requested_at = ?
             where consumer_group = ? and record_key = ? and status = 'DEAD'""", now, group, key);
    }

    /** The keys of these groups with a replay asked for, oldest request first. */
    List<String[]> keysToReplay(Set<String> groups, int limit) {
        if (groups.isEmpty()) {
            return List.of();
        }
        return jdbc.query(
                """
        select consumer_group, record_key from kafka.dead_letters
         where status = 'REPLAY_REQUESTED' and consumer_group = any (?)
         group by consumer_group, record_key order by min(replay_requested_at) limit ?""", (rs, i) -> new String[] {rs.getString(1), rs.getString(2)}, groups.toArray(String[]::new), limit);
    }

    /**
     * Replays the open letters of one key in log order, holding the key's parked row: each letter
     * applied is marked REPLAYED; the first that fails again stays DEAD with the new error, and the
     * key stays parked. When all are applied the key is released. Skips a key another instance is
     * replaying. Answers how many letters were applied.
     */
    int replay(String group, String key, LetterApplier applier) {
        Integer applied = transactions.execute(status -> {
            List<String> held = jdbc.queryForList("""
          select record_key from kafka.parked_keys where consumer_group = ? and record_key = ?
             for update skip locked""", String.class, group, key);
            if (held.isEmpty() && parkedElsewhere(group, key)) {
                return 0;
            }
            List<DeadLetter> letters = jdbc.query("""
          select id, consumer_group, topic, partition, record_offset, record_key, reason, error, status, failed_at,
                 replay_requested_at, replayed_at, replay_error, payload
            from kafka.dead_letters
           where consumer_group = ? and record_key is not distinct from ?::text and status <> 'REPLAYED'
           order by topic, partition, record_offset""", DeadLetters::letter, group, key);
            if (letters.stream().anyMatch(letter -> !"REPLAY_REQUESTED".equals(letter.status()))) {
                // part of the key's letters was not asked for: replaying the rest would break its order
                return 0;
            }
            int done = 0;
            for (DeadLetter letter : letters) {
                try {
                    applier.apply(letter);
                } catch (RuntimeException e) {
                    jdbc.update(
                            "update kafka.dead_letters set status = 'DEAD', replay_error = ? where id = ?",
                            String.valueOf(e),
                            letter.id());
                    return done;
                }
                jdbc.update(
                        "update kafka.dead_letters set status = 'REPLAYED', replayed_at = ?, replay_error = null "
                                + "where id = ?",
                        Timestamp.from(clock.instant()),
                        letter.id());
                done++;
            }
            jdbc.update("delete from kafka.parked_keys where consumer_group = ? and record_key = ?::text", group, key);
            return done;
        });
        return applied == null ? 0 : applied;
    }

    private boolean parkedElsewhere(String group, String key) {
        return !jdbc.queryForList(
                        "select 1 from kafka.parked_keys where consumer_group = ? and record_key = ?",
                        Integer.class,
                        group,
                        key)
                .isEmpty();
    }

    /** Open letters per group and status, for the metrics. */
    List<Object[]> counts() {
        return jdbc.query("""
        select consumer_group, status, count(*) from kafka.dead_letters
         where status <> 'REPLAYED' group by consumer_group, status""", (rs, i) -> new Object[] {rs.getString(1), rs.getString(2), rs.getLong(3)});
    }

    interface LetterApplier {
        void apply(DeadLetter letter);
    }

    private static DeadLetter letter(ResultSet rs, int row) throws SQLException {
        return new DeadLetter(
                rs.getLong("id"),
                rs.getString("consumer_group"),
                rs.getString("topic"),
                rs.getInt("partition"),
                rs.getLong("record_offset"),
                rs.getString("record_key"),
                rs.getString("reason"),
                rs.getString("error"),
                rs.getString("status"),
                instant(rs, "failed_at"),
                instant(rs, "replay_requested_at"),
                instant(rs, "replayed_at"),
                rs.getString("replay_error"),
                rs.getBytes("payload"));
    }

    private static Instant instant(ResultSet rs, String column) throws SQLException {
        Timestamp value = rs.getTimestamp(column);
        return value == null ? null : value.toInstant();
    }
}
