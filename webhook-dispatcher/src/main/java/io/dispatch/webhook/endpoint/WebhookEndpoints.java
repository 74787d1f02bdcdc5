package io.dispatch.webhook.endpoint;

import io.dispatch.web.identity.ApiKeys;
import java.sql.Timestamp;
import java.time.Clock;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

/** The one endpoint of each merchant and its signing secret. */
@Repository
public class WebhookEndpoints {

  private final JdbcTemplate jdbc;
  private final Clock clock;

  public WebhookEndpoints(JdbcTemplate jdbc, Optional<Clock> clock) {
    this.jdbc = jdbc;
    this.clock = clock.orElse(Clock.systemUTC());
  }

  public record Endpoint(UUID merchantId, String url, String signingSecret) {}

  /** A new or changed URL gets a new secret (returned); the same URL again keeps it (null returned). */
  @Transactional
  public String register(UUID merchantId, String url) {
    Optional<Endpoint> existing = find(merchantId);
    if (existing.isPresent() && existing.get().url().equals(url)) {
      return null;
    }
    String secret = "whsec_" + ApiKeys.newSecret();
    Timestamp now = Timestamp.from(clock.instant());
    jdbc.update("""
        insert into webhook.endpoints (merchant_id, url, signing_secret, created_at, updated_at)
        values (?, ?, ?, ?, ?)
        on conflict (merchant_id) do update set url = excluded.url, signing_secret = excluded.signing_secret,
          updated_at = excluded.updated_at""",
        merchantId, url, secret, now, now);
    return secret;
  }

  public Optional<Endpoint> find(UUID merchantId) {
    return jdbc.query("select merchant_id, url, signing_secret from webhook.endpoints where merchant_id = ?",
            (rs, i) -> new Endpoint(rs.getObject(1, UUID.class), rs.getString(2), rs.getString(3)), merchantId)
        .stream()
        .findFirst();
  }
}
