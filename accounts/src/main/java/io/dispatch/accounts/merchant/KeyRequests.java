package io.dispatch.accounts.merchant;

import io.dispatch.web.error.ApiException;
import io.dispatch.web.identity.MerchantAccounts;
import io.dispatch.web.identity.Scope;
import io.dispatch.web.text.TextRule;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/** The shapes of issuing an API key, for the operator's route and the dashboard's. */
public final class KeyRequests {

    private KeyRequests() {}

    /** {@code scopes}: "read" and/or "write"; both when absent. */
    public record IssueKey(List<String> scopes) {}

    /** The key as issued: {@code apiKey} is shown here only. */
    public record KeyView(String keyId, String apiKey, List<String> scopes, Instant createdAt) {

        public static KeyView of(MerchantAccounts.IssuedKey key) {
            return new KeyView(key.keyId(), key.apiKey(), wireNames(key.scopes()), key.createdAt());
        }
    }

    public static List<String> wireNames(Set<Scope> scopes) {
        return scopes.stream().map(Scope::wireName).sorted().toList();
    }

    /** The scopes asked for, or 422 naming {@code scopes}. */
    public static Set<Scope> scopes(IssueKey body) {
        if (body == null || body.scopes() == null) {
            return EnumSet.allOf(Scope.class);
        }
        body.scopes().forEach(scope -> TextRule.SINGLE_LINE.check("scopes", scope));
        try {
            Set<Scope> scopes = EnumSet.noneOf(Scope.class);
            body.scopes().forEach(s -> scopes.add(Scope.fromWireName(s)));
            if (scopes.isEmpty()) {
                throw new IllegalArgumentException();
            }
            return scopes;
        } catch (RuntimeException e) {
            throw ApiException.validation("scopes", "must be a non-empty list of 'read' and 'write'");
        }
    }
}
