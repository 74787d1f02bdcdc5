package io.dispatch.logreport.read;

import io.dispatch.logreport.cli.Bound;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.function.Consumer;

/**
 * The rows of Axon's JDBC event store ({@code command.domain_event_entry}) in global-index order,
 * streamed through a cursor in one read-only transaction. Without an end, the range stops at the
 * highest global index when the report starts; a time is compared with the row's
 * {@code timeStamp} (when Axon stored the event).
 */
public final class EventStoreLogSource implements LogSource {

    static final String TABLE = "command.domain_event_entry";
    private static final int FETCH_SIZE = 5000;

    private final String url;
    private final String user;
    private final String password;
    private final Bound from;
    private final Bound to;
    private final Duration timeout;
    private final StoredEvents stored = new StoredEvents(new WireDecoder());
    private final List<Object> parameters = new ArrayList<>();
    private String where;
    private String resolved;
    private Connection connection;

    public EventStoreLogSource(String url, String user, String password, Bound from, Bound to, Duration timeout) {
        this.url = url;
        this.user = user;
        this.password = password;
        this.from = from;
        this.to = to;
        this.timeout = timeout;
    }

    @Override
    public long open() {
        Properties properties = new Properties();
        properties.setProperty("user", user);
        if (password != null) {
            properties.setProperty("password", password);
        }
        properties.setProperty("connectTimeout", Long.toString(timeout.toSeconds()));
        properties.setProperty("loginTimeout", Long.toString(timeout.toSeconds()));
        properties.setProperty("ApplicationName", "dispatch-log-report");
        try {
            connection = DriverManager.getConnection(url, properties);
        } catch (SQLException e) {
            throw new SourceUnavailableException(
                    "cannot connect to PostgreSQL at " + url + " within " + timeout.toSeconds() + " s: "
                            + e.getMessage(),
                    e);
        }
        try {
            connection.setReadOnly(true);
            connection.setAutoCommit(false);
            requireTable();
            buildRange();
            return count();
        } catch (SQLException e) {
            throw new SourceUnavailableException("cannot read " + TABLE + " at " + url + ": " + e.getMessage(), e);
        }
    }

    private void requireTable() throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("select to_regclass(?) is not null")) {
            query.setString(1, TABLE);
            try (ResultSet rows = query.executeQuery()) {
                rows.next();
                if (!rows.getBoolean(1)) {
                    throw new SourceUnavailableException(
                            "no table " + TABLE + " at " + url + ": is this command-service's database?");
                }
            }
        }
    }

    private void buildRange() throws SQLException {
        List<String> conditions = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        switch (from) {
            case Bound.None none -> text.append("global index from the start");
            case Bound.Offsets offsets -> {
                conditions.add("globalIndex >= ?");
                parameters.add(offsets.allPartitions());
                text.append("global index from ").append(offsets.allPartitions());
            }
            case Bound.Time time -> {
                conditions.add("timeStamp::timestamptz >= ?");
                parameters.add(OffsetDateTime.ofInstant(time.instant(), ZoneOffset.UTC));
                text.append("stored from ").append(time.instant());
            }
        }
        switch (to) {
            case Bound.None none -> {
                long last = highestIndex();
                conditions.add("globalIndex <= ?");
                parameters.add(last);
                text.append(" to ").append(last).append(" (the end when the report started)");
            }
            case Bound.Offsets offsets -> {
                conditions.add("globalIndex < ?");
                parameters.add(offsets.allPartitions());
                text.append(" to before ").append(offsets.allPartitions());
            }
            case Bound.Time time -> {
                conditions.add("timeStamp::timestamptz < ?");
                parameters.add(OffsetDateTime.ofInstant(time.instant(), ZoneOffset.UTC));
                text.append(", stored before ").append(time.instant());
            }
        }
        where = conditions.isEmpty() ? "" : " where " + String.join(" and ", conditions);
        resolved = text.toString();
    }

    private long highestIndex() throws SQLException {
        try (PreparedStatement query =
                        connection.prepareStatement("select coalesce(max(globalIndex), -1) from " + TABLE);
                ResultSet rows = query.executeQuery()) {
            rows.next();
            return rows.getLong(1);
        }
    }

    private long count() throws SQLException {
        try (PreparedStatement query = prepare("select count(*) from " + TABLE + where);
                ResultSet rows = query.executeQuery()) {
            rows.next();
            return rows.getLong(1);
        }
    }

    private PreparedStatement prepare(String sql) throws SQLException {
        PreparedStatement statement = connection.prepareStatement(sql);
        for (int i = 0; i < parameters.size(); i++) {
            statement.setObject(i + 1, parameters.get(i));
        }
        return statement;
    }

    @Override
    public String describe() {
        return "event store " + url + " table " + TABLE + ", " + resolved;
    }

    @Override
    public void read(Consumer<LogRecord> sink) {
        String sql = "select globalIndex, aggregateIdentifier, sequenceNumber, eventIdentifier, payloadType,"
                + " payloadRevision, payload from " + TABLE + where + " order by globalIndex";
        try (PreparedStatement query = prepare(sql)) {
            query.setFetchSize(FETCH_SIZE);
            try (ResultSet rows = query.executeQuery()) {
                List<StoredEvents.Row> batch = new ArrayList<>(FETCH_SIZE);
                while (rows.next()) {
                    batch.add(new StoredEvents.Row(
                            rows.getLong(1),
                            rows.getString(2),
                            rows.getLong(3),
                            rows.getString(4),
                            rows.getString(5),
                            rows.getString(6),
                            rows.getBytes(7)));
                    if (batch.size() == FETCH_SIZE) {
                        Batches.decodeInOrder(batch, stored::decode, sink);
                        batch.clear();
                    }
                }
                Batches.decodeInOrder(batch, stored::decode, sink);
            }
        } catch (SQLException e) {
            throw new SourceUnavailableException("reading " + TABLE + " at " + url + " failed: " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        if (connection != null) {
            try {
                connection.rollback();
                connection.close();
            } catch (SQLException e) {
                // the report is written; a failing close of a read-only transaction changes nothing
            }
        }
    }
}
