package io.dispatch.web.openapi;

import io.swagger.v3.oas.models.security.SecurityScheme;

/**
 * The four APIs the documents describe, told apart by path, each with the one credential its
 * operations take (public tracking takes none).
 */
enum Api {
    MERCHANT("apiKey", "X-API-Key", "A merchant API key, `<key_id>.<secret>`, sent whole", "dispatch merchant API"),
    OPERATOR("adminToken", "X-Admin-Token", "The operator token (dispatch.admin-token)", "dispatch operator API"),
    RIDER("riderToken", "X-Rider-Token", "A rider's token, shown once at registration", "dispatch rider API"),
    TRACKING(null, null, null, "dispatch public tracking");

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
        return TRACKING;
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
