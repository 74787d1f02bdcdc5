package io.dispatch.web.identity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dispatch.web.MutableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/**
 * The one credential check, for every kind: each kind's stored credentials are a map here, and
 * the rules are the same whatever the kind; only the message and the holder differ.
 */
class CredentialsTest {

    private static final UUID MERCHANT = UUID.fromString("00000000-0000-0000-0000-0000000000aa");
    private static final UUID RIDER = UUID.fromString("00000000-0000-0000-0000-0000000000bb");

    private final MutableClock clock = new MutableClock(Instant.parse("2026-01-01T00:00:00Z"));
    private final Map<String, MerchantAccounts.StoredKey> keys = new ConcurrentHashMap<>();
    private final Map<String, RiderAccounts.StoredToken> tokens = new ConcurrentHashMap<>();
    private final Map<UUID, MerchantAccounts.Merchant> merchants = new ConcurrentHashMap<>();

    private final CredentialKind<MerchantAccounts.StoredKey> apiKeys =
            CredentialKinds.apiKeys(id -> Optional.ofNullable(keys.get(id)));
    private final CredentialKind<RiderAccounts.StoredToken> riderTokens =
            CredentialKinds.riderTokens(id -> Optional.ofNullable(tokens.get(id)));
    private final CredentialKind<MerchantAccounts.Merchant> sessions =
            CredentialKinds.sessions(id -> Optional.ofNullable(merchants.get(id)));
    private final CredentialKind<byte[]> operator = CredentialKinds.operatorToken("the-operator-token");
    private final Map<UUID, OperatorAccounts.Operator> operatorAccounts = new HashMap<>();
    private final CredentialKind<OperatorAccounts.Operator> consoleSessions =
            CredentialKinds.operatorSessions(id -> Optional.ofNullable(operatorAccounts.get(id)));
    /** The default settings: the key cache's TTL is 2 s. */
    private final Credentials credentials = new Credentials(
            List.of(apiKeys, riderTokens, sessions, operator, consoleSessions),
            new IdentityProperties(null, null),
            clock);

    private void storeKey(String keyId, String secret, boolean usable) {
        keys.put(
                keyId,
                new MerchantAccounts.StoredKey(keyId, MERCHANT, ApiKeys.hash(secret), Set.of(Scope.READ), usable));
    }

    private void storeToken(String tokenId, String secret) {
        tokens.put(tokenId, new RiderAccounts.StoredToken(RIDER, "Amina", ApiKeys.hash(secret)));
    }

    private void storeMerchant(String status) {
        merchants.put(MERCHANT, new MerchantAccounts.Merchant(MERCHANT, "Shop", status, false, null));
    }

    private <S> CredentialHolder holderOf(CredentialKind<S> kind, String presented) {
        return credentials.check(kind, presented).block();
    }

    /** Each presented value is answered with the kind's one message. */
    private <S> void assertRejected(CredentialKind<S> kind, String message, String... presented) {
        for (String value : presented) {
            assertThatThrownBy(() -> credentials.check(kind, value).block())
                    .as("%s presented to %s", value, kind)
                    .isInstanceOf(CredentialRejected.class)
                    .hasMessage(message);
        }
    }

    @Test
    void a_good_api_key_yields_its_merchant_with_its_scopes() {
        storeKey("key_1", "s3cret", true);

        CredentialHolder holder = holderOf(apiKeys, "key_1.s3cret");

        assertThat(holder.principal()).isEqualTo(new MerchantPrincipal(MERCHANT, "key_1", Set.of(Scope.READ)));
        assertThat(holder.authorities()).containsExactly("ROLE_MERCHANT", "SCOPE_read");
    }

    @Test
    void an_unknown_key_id_a_wrong_secret_and_a_revoked_key_get_the_same_answer() {
        storeKey("key_1", "s3cret", true);
        storeKey("key_2", "s3cret", false);

        assertRejected(
                apiKeys,
                CredentialKinds.API_KEY_REJECTED,
                "key_9.s3cret",
                "key_1.wrong",
                "key_1.s3cretx",
                "key_2.s3cret");
    }

    @Test
    void a_malformed_or_missing_api_key_is_rejected_before_any_look_up() {
        keys.put(
                "key_1", new MerchantAccounts.StoredKey("key_1", MERCHANT, ApiKeys.hash(""), Set.of(Scope.READ), true));

        assertRejected(
                apiKeys,
                CredentialKinds.API_KEY_REJECTED,
                null,
                "",
                "key_1",
                "key_1.",
                ".s3cret",
                "key_1.s3cret.more",
                "key_1." + "x".repeat(200));
    }

    @Test
    void a_good_rider_token_yields_its_rider() {
        storeToken("rdr_1", "s3cret");

        CredentialHolder holder = holderOf(riderTokens, "rdr_1.s3cret");

        assertThat(holder.principal()).isEqualTo(new RiderPrincipal(RIDER, "Amina"));
        assertThat(holder.authorities()).containsExactly("ROLE_RIDER");
    }

    @Test
    void an_unknown_a_wrong_and_a_malformed_rider_token_are_rejected_with_the_rider_message() {
        storeToken("rdr_1", "s3cret");

        assertRejected(
                riderTokens,
                CredentialKinds.RIDER_TOKEN_REJECTED,
                "rdr_9.s3cret",
                "rdr_1.wrong-secret",
                "rdr_1s3cret",
                null);
    }

    @Test
    void a_rider_token_is_not_an_api_key_even_with_a_matching_secret() {
        storeToken("rdr_1", "s3cret");

        assertRejected(apiKeys, CredentialKinds.API_KEY_REJECTED, "rdr_1.s3cret");
    }

    @Test
    void a_session_of_an_active_merchant_acts_with_both_scopes_and_the_session_authority() {
        storeMerchant("ACTIVE");

        CredentialHolder holder = holderOf(sessions, MERCHANT.toString());

        assertThat(holder.principal())
                .isEqualTo(new MerchantPrincipal(MERCHANT, "session:" + MERCHANT, Set.of(Scope.READ, Scope.WRITE)));
        assertThat(holder.authorities()).containsExactly("ROLE_MERCHANT", "SCOPE_read", "SCOPE_write", "SESSION");
    }

    @Test
    void a_session_of_a_suspended_or_unknown_merchant_is_rejected() {
        storeMerchant("SUSPENDED");

        assertRejected(
                sessions,
                CredentialKinds.SESSION_REJECTED,
                MERCHANT.toString(),
                UUID.randomUUID().toString());
    }

    @Test
    void a_console_session_acts_as_its_operator_account_with_its_role_until_the_account_ends() {
        UUID dispatcher = UUID.randomUUID();
        UUID ended = UUID.randomUUID();
        Instant created = clock.instant();
        operatorAccounts.put(
                dispatcher,
                new OperatorAccounts.Operator(
                        dispatcher, "d@example.com", "hash", OperatorRole.DISPATCHER, created, null));
        operatorAccounts.put(
                ended,
                new OperatorAccounts.Operator(ended, "e@example.com", "hash", OperatorRole.ADMIN, created, created));

        CredentialHolder holder = holderOf(consoleSessions, dispatcher.toString());

        assertThat(holder.principal()).isEqualTo(new OperatorPrincipal(dispatcher.toString(), OperatorRole.DISPATCHER));
        assertThat(holder.authorities()).containsExactly("ROLE_OPERATOR", "ROLE_DISPATCHER");
        assertRejected(
                consoleSessions,
                CredentialKinds.OPERATOR_SESSION_REJECTED,
                ended.toString(),
                UUID.randomUUID().toString());
    }

    @Test
    void the_operator_token_must_match_whole() {
        assertThat(holderOf(operator, "the-operator-token").principal()).isEqualTo(new OperatorPrincipal("operator"));
        assertThat(holderOf(operator, "the-operator-token").authorities())
                .containsExactly("ROLE_OPERATOR", "ROLE_ADMIN");

        assertRejected(
                operator,
                CredentialKinds.OPERATOR_TOKEN_REJECTED,
                "the-operator-toke",
                "the-operator-token ",
                "",
                null);
    }

    @Test
    void with_no_operator_token_configured_every_token_is_rejected() {
        CredentialKind<byte[]> closed = CredentialKinds.operatorToken(" ");
        Credentials check = new Credentials(List.of(closed), new IdentityProperties(" ", null), clock);

        for (String presented : new String[] {"", " ", "null", "anything"}) {
            assertThatThrownBy(() -> check.check(closed, presented).block())
                    .isInstanceOf(CredentialRejected.class)
                    .hasMessage(CredentialKinds.OPERATOR_TOKEN_REJECTED);
        }
    }

    @Test
    void a_revocation_bites_once_the_two_second_default_ttl_has_passed_on_the_clock() {
        storeKey("key_1", "s3cret", true);
        assertThat(holderOf(apiKeys, "key_1.s3cret")).isNotNull();

        storeKey("key_1", "s3cret", false);
        clock.advance(Duration.ofSeconds(2).minusMillis(1));
        assertThat(holderOf(apiKeys, "key_1.s3cret")).as("trusted for the TTL").isNotNull();

        clock.advance(Duration.ofMillis(1));
        assertRejected(apiKeys, CredentialKinds.API_KEY_REJECTED, "key_1.s3cret");
    }

    @Test
    void a_kind_with_a_header_may_not_skip_the_secret() {
        assertThatThrownBy(() -> new CredentialKind<String>(
                        "X-Merchant-Id",
                        CredentialKind.Proof.SESSION,
                        "no",
                        Optional::of,
                        stored -> true,
                        stored -> null,
                        stored -> new CredentialHolder(stored, List.of())))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
