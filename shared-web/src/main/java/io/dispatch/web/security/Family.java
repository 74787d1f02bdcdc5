package io.dispatch.web.security;

import io.dispatch.web.identity.CredentialKinds;
import java.util.List;

/**
 * Who may call a route, by the family its normalised path belongs to ({@link RouteTable}): the
 * credential headers it reads and the session attributes (a signed-in merchant's or operator's)
 * that may stand in for them when no header is sent. A path belongs to the first family, in this
 * order, that names it.
 */
enum Family {
    MERCHANT(
            List.of(CredentialKinds.API_KEY_HEADER),
            List.of(CredentialKinds.SESSION_MERCHANT),
            CredentialKinds.API_KEY_REJECTED),
    RIDER(List.of(CredentialKinds.RIDER_TOKEN_HEADER), List.of(), CredentialKinds.RIDER_TOKEN_REJECTED),
    /** /api/v1/dashboard: the merchant's session cookie only. */
    DASHBOARD(
            List.of(),
            List.of(CredentialKinds.SESSION_MERCHANT),
            "Sign in first: this route needs a dashboard session"),
    /** Proof media: the delivery's merchant (key or session) or an operator (token or session). */
    MEDIA(
            List.of(CredentialKinds.API_KEY_HEADER, CredentialKinds.OPERATOR_TOKEN_HEADER),
            List.of(CredentialKinds.SESSION_MERCHANT, CredentialKinds.SESSION_OPERATOR),
            "This route needs the delivery's merchant (X-API-Key or a dashboard session) or an operator"),
    PUBLIC(List.of(), List.of(), null),
    /** /api/v1/admin and, deny by default, every path no other family names: the token or a console session. */
    OPERATOR(
            List.of(CredentialKinds.OPERATOR_TOKEN_HEADER),
            List.of(CredentialKinds.SESSION_OPERATOR),
            CredentialKinds.OPERATOR_TOKEN_REJECTED);

    final List<String> headers;
    final List<String> sessionAttributes;
    final String missing;

    Family(List<String> headers, List<String> sessionAttributes, String missing) {
        this.headers = headers;
        this.sessionAttributes = sessionAttributes;
        this.missing = missing;
    }
}
