package io.dispatch.command.shopify.infrastructure;

import io.dispatch.command.shopify.domain.ReceivedOrder;
import io.dispatch.command.shopify.domain.ReceivedOrder.Outcome;
import io.dispatch.command.shopify.domain.ShopifySettings;
import io.dispatch.events.Stop;
import io.dispatch.web.secret.SecretCipher;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/**
 * Tables command.shopify_integrations and command.shopify_orders (db/command/V6). The webhook
 * secret is stored sealed with AES-256-GCM under {@value #KEY_PROPERTY}, a key of command-service's
 * own (not the webhook dispatcher's: docs/adr/0022). Blocking JDBC: call it off the event loop.
 */
@Repository
public class ShopifyStore {

    public static final String KEY_PROPERTY = "dispatch.integrations.secret-encryption-key";
    private static final int MAX_STORED_TEXT = 500;

    private final JdbcTemplate jdbc;
    private final SecretCipher cipher;
    private final Clock clock;

    /** Fails the start when {@value #KEY_PROPERTY} is missing or malformed. */
    public ShopifyStore(JdbcTemplate jdbc, IntegrationProperties properties, Clock clock) {
        this.jdbc = jdbc;
        this.cipher = SecretCipher.fromBase64(KEY_PROPERTY, "shopify-secret", properties.secretEncryptionKey());
        this.clock = clock;
    }

    public void save(UUID merchantId, ShopifySettings settings) {
        Stop pickup = settings.pickup();
        jdbc.update(
                """
        insert into command.shopify_integrations
               (merchant_id, shop_domain, secret_ciphertext, pickup_address, pickup_lat, pickup_lng, pickup_notes,
                updated_at)
        values (?, ?, ?, ?, ?, ?, ?, ?)
        on conflict (merchant_id) do update set
          shop_domain = excluded.shop_domain, secret_ciphertext = excluded.secret_ciphertext,
          pickup_address = excluded.pickup_address, pickup_lat = excluded.pickup_lat, pickup_lng = excluded.pickup_lng,
          pickup_notes = excluded.pickup_notes, updated_at = excluded.updated_at""",
                merchantId,
                settings.shopDomain(),
                cipher.encrypt(merchantId, settings.webhookSecret()),
                pickup.address(),
                pickup.lat(),
                pickup.lng(),
                pickup.notes(),
                Timestamp.from(clock.instant()));
    }

    public Optional<ShopifySettings> find(UUID merchantId) {
        return jdbc
                .query(
                        """
            select shop_domain, secret_ciphertext, pickup_address, pickup_lat, pickup_lng, pickup_notes
              from command.shopify_integrations where merchant_id = ?""",
                        (rs, i) -> new ShopifySettings(
                                rs.getString(1),
                                cipher.decrypt(merchantId, rs.getBytes(2)),
                                new Stop(
                                        rs.getString(3),
                                        rs.getObject(4, Double.class),
                                        rs.getObject(5, Double.class),
                                        rs.getString(6))),
                        merchantId)
                .stream()
                .findFirst();
    }

    /**
     * Records the first receipt of a webhook id; false when it was already recorded, or, for a
     * CREATED receipt, when the same order already made a delivery (or either is being recorded
     * by a concurrent transaction that then commits: PostgreSQL makes this wait for it). Inside a
     * creation's transaction, the receipt and the delivery are stored together or not at all.
     *
     * @param orderId Shopify's id of the order, null when the body has none
     */
    public boolean recordFirst(
            UUID merchantId,
            String webhookId,
            String orderId,
            String orderName,
            Outcome outcome,
            UUID dispatchId,
            String detail) {
        // no conflict target: either unique index (webhook id, or the order's one delivery) makes it a repeat
        return jdbc.update(
                        """
        insert into command.shopify_orders
               (merchant_id, webhook_id, order_id, order_name, outcome, dispatch_id, detail, received_at)
        values (?, ?, ?, ?, ?, ?, ?, ?)
        on conflict do nothing""",
                        merchantId,
                        webhookId,
                        storable(orderId),
                        storable(orderName),
                        outcome.name(),
                        dispatchId,
                        storable(detail),
                        Timestamp.from(clock.instant()))
                == 1;
    }

    /**
     * Records a repeat of a webhook id, or of an order that already made a delivery under another
     * webhook id; answers the delivery the first receipt created, if any.
     */
    public Optional<UUID> recordRepeat(UUID merchantId, String webhookId, String orderId, String orderName) {
        Optional<UUID> first =
                jdbc
                        .query("""
            select dispatch_id from command.shopify_orders
             where merchant_id = ? and outcome <> 'DUPLICATE'
               and (webhook_id = ? or (outcome = 'CREATED' and order_id = ?))
             order by dispatch_id nulls last limit 1""", (rs, i) -> rs.getObject(1, UUID.class), merchantId, webhookId, storable(orderId))
                        .stream()
                        .filter(java.util.Objects::nonNull)
                        .findFirst();
        jdbc.update(
                """
        insert into command.shopify_orders (merchant_id, webhook_id, order_id, order_name, outcome, dispatch_id, received_at)
        values (?, ?, ?, ?, 'DUPLICATE', ?, ?)""",
                merchantId,
                webhookId,
                storable(orderId),
                storable(orderName),
                first.orElse(null),
                Timestamp.from(clock.instant()));
        return first;
    }

    /** The newest receipts first. */
    public List<ReceivedOrder> recent(UUID merchantId, int limit) {
        return jdbc.query("""
            select order_name, webhook_id, received_at, outcome, dispatch_id, detail from command.shopify_orders
             where merchant_id = ? order by received_at desc, id desc limit ?""", ShopifyStore::receivedOrder, merchantId, limit);
    }

    private static ReceivedOrder receivedOrder(ResultSet rs, int row) throws SQLException {
        return new ReceivedOrder(
                rs.getString(1),
                rs.getString(2),
                rs.getTimestamp(3).toInstant(),
                Outcome.valueOf(rs.getString(4)),
                rs.getObject(5, UUID.class),
                rs.getString(6));
    }

    /** Text from a store's body as PostgreSQL can keep it: no NUL or other control character, bounded. */
    private static String storable(String text) {
        if (text == null) {
            return null;
        }
        String clean = text.codePoints()
                .map(c -> Character.isISOControl(c) ? '?' : c)
                .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append)
                .toString();
        return clean.length() > MAX_STORED_TEXT ? clean.substring(0, MAX_STORED_TEXT) : clean;
    }
}
