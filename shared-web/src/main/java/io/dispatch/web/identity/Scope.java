package io.dispatch.web.identity;

import java.util.Locale;

public enum Scope {
    READ,
    WRITE;

    /** The authority a credential with this scope has ({@code SCOPE_read}); the chain's rules test it. */
    public String authority() {
        return "SCOPE_" + wireName();
    }

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Scope fromWireName(String name) {
        return valueOf(name.trim().toUpperCase(Locale.ROOT));
    }
}
