package io.dispatch.web.openapi;

import io.swagger.v3.oas.models.security.SecurityScheme;

/**
 * The APIs the documents describe, told apart by path, each with the one credential its
 * operations take (public tracking takes none); proof media take either of two
 * ({@link #credentials}).
 */
enum Api {
    MERCHANT("apiKey", "X-API-Key", "A merchant API key, `<key_id>.<secret>`, sent whole", "dispatch merchant API"),
    OPERATOR("adminToken", "X-Admin-Token", "The operator token (dispatch.admin-token)", "dispatch operator API"),
    RIDER("riderToken", "X-Rider-Token", "A rider's token, shown once at registration", "dispatch rider API"),
    TRACKING(null, null, null, "dispatch public tracking"),
    /** Proof photos and signatures: the delivery's merchant (API key) or an operator (token). */
    PROOF_MEDIA(null, null, null, "dispatch proof media");

    final String scheme;
    final String header;
    final String credential;
    final String title;

    Api(String scheme, String header, String credential, String title) {
        this.scheme = scheme;
        this.header = header;
        this.credential = credential;
        this.title = title;
    }

    static Api of(String path) {
        if (path.startsWith(OperationRules.EXTERNAL)) {
            return MERCHANT;
        }
        if (path.startsWith(OperationRules.ADMIN)) {
            return OPERATOR;
        }
        if (path.startsWith(OperationRules.RIDER)) {
            return RIDER;
        }
        if (path.startsWith(OperationRules.PROOF_MEDIA)) {
            return PROOF_MEDIA;
        }
        return TRACKING;
    }

    /**
     * The APIs whose credential this API's operations accept, each one a security requirement of its
     * own (any one of them will do): none for tracking.
     */
    java.util.List<Api> credentials() {
        if (this == PROOF_MEDIA) {
            return java.util.List.of(MERCHANT, OPERATOR);
        }
        return scheme == null ? java.util.List.of() : java.util.List.of(this);
    }

    /** The API-key scheme of this API's credential; only for an API that has one. */
    SecurityScheme securityScheme() {
        return new SecurityScheme()
                .type(SecurityScheme.Type.APIKEY)
                .in(SecurityScheme.In.HEADER)
                .name(header)
                .description(credential);
    }
}
