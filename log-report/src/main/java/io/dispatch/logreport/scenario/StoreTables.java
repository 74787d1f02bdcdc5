package io.dispatch.logreport.scenario;

import io.dispatch.logreport.read.SourceUnavailableException;
import io.dispatch.policy.core.Fallback;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Locale;
import java.util.Properties;

/**
 * Reads {@link StoreSettings} from command-service's database, read-only: {@code command.dispatch_policies}, {@code
 * command.zones} and {@code command.pricing_default}, each only if it exists (an older schema, or a copy of the event
 * store alone, has not got them).
 */
final class StoreTables {

    private StoreTables() {}

    /**
     * @param policy the (zone, version) the most orders were created under; null when no order was
     * @param zoneId the zone asked for, whose travel settings are preferred; null for the platform's
     */
    static StoreSettings read(
            String url, String user, String password, Duration timeout, PolicyKey policy, String zoneId) {
        Properties properties = new Properties();
        properties.setProperty("user", user);
        if (password != null) {
            properties.setProperty("password", password);
        }
        properties.setProperty("connectTimeout", Long.toString(timeout.toSeconds()));
        properties.setProperty("loginTimeout", Long.toString(timeout.toSeconds()));
        properties.setProperty("ApplicationName", "dispatch-log-report");
        try (Connection connection = DriverManager.getConnection(url, properties)) {
            connection.setReadOnly(true);
            StoreSettings.PolicyRow row = policy == null ? null : policyRow(connection, policy);
            double[] travel = null;
            String travelFrom = null;
            if (zoneId != null && exists(connection, "command.zones")) {
                travel = travel(
                        connection, "select avg_speed_kmh, detour_factor from command.zones where id = ?", zoneId);
                travelFrom = travel == null ? null : "command.zones " + zoneId;
            }
            if (travel == null && exists(connection, "command.pricing_default")) {
                travel = travel(connection, "select avg_speed_kmh, detour_factor from command.pricing_default", null);
                travelFrom = travel == null ? null : "command.pricing_default";
            }
            return new StoreSettings(
                    row, travel == null ? null : travel[0], travel == null ? null : travel[1], travelFrom);
        } catch (SQLException e) {
            throw new SourceUnavailableException(
                    "cannot read the policy and travel settings at " + url + ": " + e.getMessage(), e);
        }
    }

    private static StoreSettings.PolicyRow policyRow(Connection connection, PolicyKey key) throws SQLException {
        if (key.version() < 1 || !exists(connection, "command.dispatch_policies")) {
            return null;
        }
        try (PreparedStatement query = connection.prepareStatement("select offer_timeout_seconds, max_offers,"
                + " radius_meters, fallback from command.dispatch_policies where zone_id = ? and version = ?")) {
            query.setString(1, key.zoneId());
            query.setLong(2, key.version());
            try (ResultSet rows = query.executeQuery()) {
                if (!rows.next() || rows.getInt(1) < 1 || rows.getInt(2) < 1 || rows.getInt(3) < 1) {
                    return null;
                }
                Fallback fallback;
                try {
                    fallback = Fallback.valueOf(rows.getString(4).trim().toUpperCase(Locale.ROOT));
                } catch (IllegalArgumentException | NullPointerException e) {
                    return null;
                }
                return new StoreSettings.PolicyRow(
                        key, Duration.ofSeconds(rows.getInt(1)), rows.getInt(2), rows.getInt(3), fallback);
            }
        }
    }

    /** Speed and detour of the row, or null when there is none or it does not fit the travel model. */
    private static double[] travel(Connection connection, String sql, String id) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement(sql)) {
            if (id != null) {
                query.setString(1, id);
            }
            try (ResultSet rows = query.executeQuery()) {
                if (!rows.next()) {
                    return null;
                }
                double speed = rows.getDouble(1);
                double detour = rows.getDouble(2);
                return speed > 0 && detour >= 1 ? new double[] {speed, detour} : null;
            }
        }
    }

    private static boolean exists(Connection connection, String table) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("select to_regclass(?) is not null")) {
            query.setString(1, table);
            try (ResultSet rows = query.executeQuery()) {
                rows.next();
                return rows.getBoolean(1);
            }
        }
    }
}
