package io.dispatch.web.startup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** A value a setting cannot work with stops the start with a report that names the setting. */
class SettingChecksTest {

    @Test
    void a_duration_that_must_be_positive_refuses_zero_negative_and_none() {
        assertThat(SettingChecks.positive("dispatch.x.wait", Duration.ofMillis(1)))
                .isEqualTo(Duration.ofMillis(1));
        for (Duration bad : new Duration[] {Duration.ZERO, Duration.ofSeconds(-1), null}) {
            assertThatThrownBy(() -> SettingChecks.positive("dispatch.x.wait", bad))
                    .isInstanceOf(InvalidSetting.class)
                    .hasMessageStartingWith("dispatch.x.wait must be a positive duration");
        }
    }

    @Test
    void a_duration_that_may_be_zero_refuses_negative_ones() {
        assertThat(SettingChecks.notNegative("dispatch.x.interval", Duration.ZERO))
                .isEqualTo(Duration.ZERO);
        assertThatThrownBy(() -> SettingChecks.notNegative("dispatch.x.interval", Duration.ofSeconds(-1)))
                .isInstanceOf(InvalidSetting.class)
                .extracting(e -> ((InvalidSetting) e).setting())
                .isEqualTo("dispatch.x.interval");
    }

    @Test
    void counts_are_checked_against_their_bounds() {
        assertThat(SettingChecks.atLeast("dispatch.x.threads", 1, 1)).isEqualTo(1);
        assertThatThrownBy(() -> SettingChecks.atLeast("dispatch.x.threads", 0, 1))
                .hasMessage("dispatch.x.threads must be at least 1, was 0");
        assertThat(SettingChecks.within("dispatch.x.batch", 10_000, 1, 10_000)).isEqualTo(10_000);
        assertThatThrownBy(() -> SettingChecks.within("dispatch.x.batch", 10_001, 1, 10_000))
                .hasMessage("dispatch.x.batch must be 1 to 10000, was 10001");
    }
}
