package io.dispatch.web.identity;

import java.util.List;

/**
 * Who holds a credential that checked out: the principal a handler receives
 * ({@link MerchantPrincipal}, {@link RiderPrincipal} or {@link OperatorPrincipal}) and the
 * authorities the security chain's rules test ({@code ROLE_MERCHANT} with {@code SCOPE_read} /
 * {@code SCOPE_write}, {@code SESSION}, {@code ROLE_RIDER}, {@code ROLE_OPERATOR}).
 */
public record CredentialHolder(Object principal, List<String> authorities) {

    public CredentialHolder {
        authorities = List.copyOf(authorities);
    }
}
