package io.dispatch.web.startup;

import java.time.Duration;

/**
 * The checks the settings records run in their constructors: a value that cannot work stops the
 * start with an {@link InvalidSetting} naming the setting, instead of failing later at first use.
 */
public final class SettingChecks {

    private SettingChecks() {}

    public static Duration positive(String setting, Duration value) {
        if (value == null || value.isNegative() || value.isZero()) {
            throw new InvalidSetting(setting, "must be a positive duration such as 10s or PT10S, was " + value);
        }
        return value;
    }

    public static Duration notNegative(String setting, Duration value) {
        if (value == null || value.isNegative()) {
            throw new InvalidSetting(setting, "must be a duration of zero or more such as 10s or PT10S, was " + value);
        }
        return value;
    }

    public static long atLeast(String setting, long value, long least) {
        if (value < least) {
            throw new InvalidSetting(setting, "must be at least " + least + ", was " + value);
        }
        return value;
    }

    public static long within(String setting, long value, long least, long most) {
        if (value < least || value > most) {
            throw new InvalidSetting(setting, "must be " + least + " to " + most + ", was " + value);
        }
        return value;
    }
}
