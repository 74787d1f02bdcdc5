package io.dispatch.idempotency;

import static org.assertj.core.api.Assertions.assertThat;

import io.dispatch.idempotency.IdempotencyStore.Claim;
import java.nio.charset.StandardCharsets;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * During a rolling upgrade an instance of the previous release still runs its store's statements on
 * {@code identity.idempotency_keys}, which V1 of this schema moved: the view left in its place
 * (until the release after the next, docs/adr/0055) takes each of them, word for word, to the
 * moved table, so the old instance and a new one share every key.
 */
class PreviousReleaseTest extends IdempotencyLayersTest {

    private static final byte[] FINGERPRINT = RequestFingerprint.of("POST", "/d", null, new byte[0]);

    @Autowired
    IdempotencyStore store;

    @Test
    void the_previous_releases_claim_complete_and_replay_go_through_the_view_to_the_moved_table() {
        UUID merchant = UUID.randomUUID();
        String key = newIdempotencyKey();
        UUID owner = UUID.randomUUID();
        Instant now = clock.instant();

        assertThat(previousClaim(merchant, key, owner, now)).isOne();
        assertThat(previousClaim(merchant, key, UUID.randomUUID(), now))
                .as("the conflict with the moved table's primary key is seen through the view")
                .isZero();
        assertThat(store.claim(merchant, key, FINGERPRINT)).isInstanceOf(Claim.Busy.class);

        assertThat(jdbc.update(
                        """
          update identity.idempotency_keys
             set state = 'COMPLETED', status_code = ?, content_type = ?, request_id = ?, body = ?
           where merchant_id = ? and idempotency_key = ? and owner = ? and state = 'IN_PROGRESS'""",
                        201,
                        "application/json",
                        "r-1",
                        "{}".getBytes(StandardCharsets.UTF_8),
                        merchant,
                        key,
                        owner))
                .isOne();
        assertThat(store.claim(merchant, key, FINGERPRINT)).isInstanceOf(Claim.Replay.class);
        assertThat(jdbc.queryForObject("""
            select status_code from identity.idempotency_keys
             where merchant_id = ? and idempotency_key = ?""", Integer.class, merchant, key)).isEqualTo(201);
    }

    @Test
    void the_previous_releases_take_over_release_and_cleanup_go_through_the_view() {
        UUID merchant = UUID.randomUUID();
        String abandoned = newIdempotencyKey();
        String expired = newIdempotencyKey();
        Instant now = clock.instant();
        UUID first = UUID.randomUUID();
        UUID second = UUID.randomUUID();
        previousClaim(merchant, abandoned, first, now.minus(Duration.ofMinutes(5)));
        previousClaim(merchant, expired, UUID.randomUUID(), now);

        assertThat(jdbc.update("""
          update identity.idempotency_keys set owner = ?, claimed_at = ?
           where merchant_id = ? and idempotency_key = ? and owner = ? and state = 'IN_PROGRESS'""", second, Timestamp.from(now), merchant, abandoned, first))
                .isOne();
        assertThat(jdbc.update(
                        "delete from identity.idempotency_keys where merchant_id = ? and idempotency_key = ? and owner = ? "
                                + "and state = 'IN_PROGRESS'",
                        merchant,
                        abandoned,
                        second))
                .isOne();
        assertThat(rowsFor(abandoned)).isZero();

        // its cleanup as at a day and a minute from now (the context's own cleanup deletes what is due now)
        Timestamp later = Timestamp.from(now.plus(Duration.ofDays(1)).plusSeconds(60));
        assertThat(rowsFor(expired)).isOne();
        int deleted = jdbc.update("""
          delete from identity.idempotency_keys
           where ctid = any(array(
             select ctid from identity.idempotency_keys where expires_at <= ? limit ? for update skip locked))""", later, 10_000);
        assertThat(deleted).isPositive();
        assertThat(rowsFor(expired)).isZero();
    }

    /** The previous release's claim, as its store ran it; expires a day after {@code at}. */
    private int previousClaim(UUID merchant, String key, UUID owner, Instant at) {
        return jdbc.update(
                """
          insert into identity.idempotency_keys
                 (merchant_id, idempotency_key, fingerprint, owner, state, claimed_at, expires_at)
          values (?, ?, ?, ?, 'IN_PROGRESS', ?, ?)
          on conflict do nothing""",
                merchant,
                key,
                FINGERPRINT,
                owner,
                Timestamp.from(at),
                Timestamp.from(at.plus(Duration.ofDays(1))));
    }
}
