package io.dispatch.web.startup;

/**
 * A required setting is missing or malformed: the service does not start, and says so in one
 * report that names the setting (and its environment variable), never echoing a secret value.
 */
public final class InvalidSetting extends RuntimeException {

    private final String setting;

    public InvalidSetting(String setting, String problem) {
        super(setting + " " + problem);
        this.setting = setting;
    }

    public String setting() {
        return setting;
    }

    /** The environment-variable form Spring Boot binds, e.g. DISPATCH_WEBHOOK_SECRETENCRYPTIONKEY. */
    public String environmentVariable() {
        return setting.toUpperCase(java.util.Locale.ROOT).replace("-", "").replace('.', '_');
    }
}
