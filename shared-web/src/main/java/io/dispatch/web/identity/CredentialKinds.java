package io.dispatch.web.identity;

import io.dispatch.web.identity.CredentialKind.Proof;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The four kinds of credential the services accept, each in a few lines: its header, its proof,
 * its 401 message, how it is looked up, when it is usable and whom it yields. The rest of the
 * check is {@link Credentials}, the same for all four.
 */
@Configuration(proxyBeanMethods = false)
public class CredentialKinds {

    public static final String API_KEY_HEADER = "X-API-Key";
    public static final String API_KEY_REJECTED = "Missing, malformed, revoked or suspended API key";
    public static final String RIDER_TOKEN_HEADER = "X-Rider-Token";
    public static final String RIDER_TOKEN_REJECTED = "Missing or unknown rider token (X-Rider-Token)";
    public static final String OPERATOR_TOKEN_HEADER = "X-Admin-Token";
    public static final String OPERATOR_TOKEN_REJECTED = "Missing or wrong X-Admin-Token";
    /** The session attribute that holds the signed-in merchant's id (a {@code String}), set at sign-in. */
    public static final String SESSION_MERCHANT = "dispatch.merchantId";
    /** The session attribute that holds the signed-in operator account's id (a {@code String}), set at console sign-in. */
    public static final String SESSION_OPERATOR = "dispatch.operatorId";

    public static final String OPERATOR_SESSION_REJECTED = "The console session has ended: sign in again";
    /** The key id of a merchant principal that came from a session is {@code session:<merchant id>}. */
    public static final String SESSION_KEY_ID = "session";
    /** The authority only a session has; the dashboard's own routes demand it (a key cannot make keys). */
    public static final String SESSION_AUTHORITY = "SESSION";

    public static final String SESSION_REJECTED = "The session has ended or its merchant is suspended: sign in again";

    private static final Logger log = LoggerFactory.getLogger(CredentialKinds.class);

    @Bean
    CredentialKind<MerchantAccounts.StoredKey> apiKeyKind(MerchantAccounts accounts) {
        return apiKeys(accounts::findKey);
    }

    @Bean
    CredentialKind<RiderAccounts.StoredToken> riderTokenKind(RiderAccounts riders) {
        return riderTokens(riders::findToken);
    }

    @Bean
    CredentialKind<byte[]> operatorTokenKind(IdentityProperties properties) {
        return operatorToken(properties.adminToken());
    }

    @Bean
    CredentialKind<OperatorAccounts.Operator> consoleSessionKind(OperatorAccounts operators) {
        return operatorSessions(operators::find);
    }

    @Bean
    CredentialKind<MerchantAccounts.Merchant> dashboardSessionKind(MerchantAccounts accounts) {
        return sessions(accounts::findMerchant);
    }

    /**
     * {@code key_<hex>.<secret>}: usable while it is not revoked and its merchant is active; acts
     * with its own scopes.
     */
    public static CredentialKind<MerchantAccounts.StoredKey> apiKeys(
            Function<String, Optional<MerchantAccounts.StoredKey>> keys) {
        return new CredentialKind<>(
                API_KEY_HEADER,
                Proof.ID_AND_SECRET,
                API_KEY_REJECTED,
                keys,
                MerchantAccounts.StoredKey::usable,
                MerchantAccounts.StoredKey::secretHash,
                key -> merchant(new MerchantPrincipal(key.merchantId(), key.keyId(), key.scopes())));
    }

    /**
     * {@code rdr_<hex>.<secret>}: no revocation of its own; renewing replaces its id, so the old one
     * is no longer found.
     */
    public static CredentialKind<RiderAccounts.StoredToken> riderTokens(
            Function<String, Optional<RiderAccounts.StoredToken>> tokens) {
        return new CredentialKind<>(
                RIDER_TOKEN_HEADER,
                Proof.ID_AND_SECRET,
                RIDER_TOKEN_REJECTED,
                tokens,
                token -> true,
                RiderAccounts.StoredToken::tokenHash,
                token ->
                        new CredentialHolder(new RiderPrincipal(token.riderId(), token.name()), List.of("ROLE_RIDER")));
    }

    /**
     * {@code dispatch.admin-token}: one configured secret with no id. Only its hash is kept, and a
     * presented value's hash is compared with it, so neither its content nor its length leaks.
     * With none configured the operator API is closed (every operator request 401). No token is
     * generated here, so none can end up in a log; the local run generates one and prints it once.
     */
    public static CredentialKind<byte[]> operatorToken(String configured) {
        Optional<byte[]> hash = Optional.ofNullable(configured)
                .filter(token -> !token.isBlank())
                .map(ApiKeys::hash);
        if (hash.isEmpty()) {
            log.warn("No dispatch.admin-token (DISPATCH_ADMIN_TOKEN) is configured: the operator API answers 401 "
                    + "to every request until one is set");
        }
        return new CredentialKind<>(
                OPERATOR_TOKEN_HEADER,
                Proof.SECRET,
                OPERATOR_TOKEN_REJECTED,
                id -> hash,
                stored -> true,
                stored -> stored,
                stored -> operator(new OperatorPrincipal(OperatorPrincipal.TOKEN, OperatorRole.ADMIN)));
    }

    /**
     * The console session (cookie {@code DISPATCH_SESSION}): its operator account, {@link
     * #SESSION_OPERATOR}, must still exist and not be ended; it acts with the account's role.
     */
    public static CredentialKind<OperatorAccounts.Operator> operatorSessions(
            Function<UUID, Optional<OperatorAccounts.Operator>> operators) {
        return new CredentialKind<>(
                null,
                Proof.SESSION,
                OPERATOR_SESSION_REJECTED,
                id -> operators.apply(UUID.fromString(id)),
                OperatorAccounts.Operator::active,
                operator -> null,
                operator -> operator(new OperatorPrincipal(operator.id().toString(), operator.role())),
                SESSION_OPERATOR);
    }

    private static CredentialHolder operator(OperatorPrincipal principal) {
        return new CredentialHolder(
                principal, List.of("ROLE_OPERATOR", principal.role().authority()));
    }

    /**
     * The dashboard session (cookie {@code DISPATCH_SESSION}): its merchant, {@link #SESSION_MERCHANT},
     * must still exist and be active, so a suspension ends its sessions within the cache's TTL. It
     * acts with both scopes and {@link #SESSION_AUTHORITY}.
     */
    public static CredentialKind<MerchantAccounts.Merchant> sessions(
            Function<UUID, Optional<MerchantAccounts.Merchant>> merchants) {
        return new CredentialKind<>(
                null,
                Proof.SESSION,
                SESSION_REJECTED,
                id -> merchants.apply(UUID.fromString(id)),
                merchant -> "ACTIVE".equals(merchant.status()),
                merchant -> null,
                merchant -> merchant(
                        new MerchantPrincipal(
                                merchant.id(), SESSION_KEY_ID + ":" + merchant.id(), EnumSet.allOf(Scope.class)),
                        SESSION_AUTHORITY),
                SESSION_MERCHANT);
    }

    private static CredentialHolder merchant(MerchantPrincipal principal, String... more) {
        List<String> authorities = new ArrayList<>(List.of("ROLE_MERCHANT"));
        principal.scopes().stream().sorted().map(Scope::authority).forEach(authorities::add);
        authorities.addAll(List.of(more));
        return new CredentialHolder(principal, authorities);
    }
}
