package io.dispatch.query.freshness;

import io.dispatch.events.EventEnvelope;
import io.dispatch.web.kafka.recovery.Faults;
import io.dispatch.web.kafka.recovery.RecoverableConsumer;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.sql.DataSource;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.kafka.listener.BatchListenerFailedException;
import reactor.core.publisher.Mono;

/**
 * A projection that stores its partition positions in {@code query.projection_positions}, in the
 * transaction of its rows: it resumes from them, moves them past a dead letter, and applies a
 * replayed letter again through its own {@link #apply}. A batch listener applies a whole poll
 * with {@link #applyPoll}: one JDBC transaction for its rows and positions, whatever its size.
 */
public abstract class PositionedProjection implements RecoverableConsumer {

  private static final Duration WAIT = Duration.ofSeconds(60);

  private final String name;
  protected final ProjectionPositions positions;

  protected PositionedProjection(String name, ProjectionPositions positions) {
    this.name = name;
    this.positions = positions;
  }

  /** Writes a poll's events (in log order) on a connection, in its transaction: multi-row statements. */
  @FunctionalInterface
  protected interface PollWriter {
    void write(Connection connection, List<EventEnvelope> envelopes) throws SQLException;
  }

  /**
   * A whole poll in one transaction: {@code writer}'s rows, then each partition's next position,
   * so a busy partition costs one commit per poll rather than one per event (issue 17). When the
   * poll fails for a passing reason (the database away) the container retries it from its first
   * record; for any other reason its records go through {@link #apply} one by one, each in its
   * own transaction, to find the one that fails, which the container retries a few times and
   * then dead-letters. The apply timer counts events, each with its share of the poll's time.
   */
  protected void applyPoll(String topic, String view, List<ConsumerRecord<String, EventEnvelope>> records,
      DataSource dataSource, ApplyTimer timer, PollWriter writer) {
    if (records.isEmpty()) {
      return;
    }
    try {
      timer.timeEach(view, records.size(), () -> writePoll(topic, records, dataSource, writer));
    } catch (RuntimeException pollFailure) {
      if (Faults.passing(pollFailure)) {
        throw new BatchListenerFailedException("applying a poll failed", pollFailure, records.get(0));
      }
      for (ConsumerRecord<String, EventEnvelope> record : records) {
        try {
          if (record.value() == null) {
            throw new IllegalArgumentException("unreadable record");
          }
          timer.time(view, () -> apply(record.value(), record.partition(), record.offset()).block(WAIT));
        } catch (RuntimeException failure) {
          throw new BatchListenerFailedException("applying " + record.topic() + "-" + record.partition() + "@"
              + record.offset() + " failed", failure, record);
        }
      }
    }
  }

  private void writePoll(String topic, List<ConsumerRecord<String, EventEnvelope>> records, DataSource dataSource,
      PollWriter writer) {
    Map<Integer, Long> next = new TreeMap<>();
    List<EventEnvelope> envelopes = new ArrayList<>(records.size());
    for (ConsumerRecord<String, EventEnvelope> record : records) {
      if (record.value() == null) {
        throw new IllegalArgumentException("unreadable record at " + record.topic() + "-" + record.partition() + "@"
            + record.offset());
      }
      envelopes.add(record.value());
      next.merge(record.partition(), record.offset() + 1, Math::max);
    }
    try (Connection connection = dataSource.getConnection()) {
      connection.setAutoCommit(false);
      try {
        writer.write(connection, envelopes);
        try (PreparedStatement advance = connection.prepareStatement("""
            insert into query.projection_positions (projection, topic, partition, next_offset)
            values (?, ?, ?, ?)
            on conflict (projection, topic, partition)
            do update set next_offset = greatest(query.projection_positions.next_offset, excluded.next_offset)""")) {
          for (var position : next.entrySet()) {
            advance.setString(1, name);
            advance.setString(2, topic);
            advance.setInt(3, position.getKey());
            advance.setLong(4, position.getValue());
            advance.addBatch();
          }
          advance.executeBatch();
        }
        connection.commit();
      } catch (SQLException | RuntimeException e) {
        connection.rollback();
        throw e;
      }
    } catch (SQLException e) {
      throw new IllegalStateException("applying " + records.size() + " events of " + topic + " failed: "
          + e.getMessage(), e);
    }
  }

  /** Applies one event and advances the partition's position, in one transaction. */
  public abstract Mono<Void> apply(EventEnvelope envelope, int partition, long offset);

  @Override
  public String group() {
    return name;
  }

  @Override
  public Map<Integer, Long> storedPositions(String topic) {
    return positions.of(name, topic).block(WAIT);
  }

  @Override
  public void passed(String topic, int partition, long offset) {
    positions.advance(name, topic, partition, offset + 1).block(WAIT);
  }

  @Override
  public void reapply(String topic, int partition, long offset, EventEnvelope envelope) {
    apply(envelope, partition, offset).block(WAIT);
  }
}
