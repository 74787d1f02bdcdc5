package io.dispatch.policy.core;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CoreConfigTest {

    @Test
    void a_configuration_made_with_the_six_earlier_settings_takes_the_default_busy_rider_limit() {
        CoreConfig defaults = CoreConfig.defaults();

        CoreConfig sixSettings = new CoreConfig(
                defaults.maxPositionAge(),
                defaults.pendingTimeout(),
                defaults.defaultTravel(),
                defaults.activeDeliveryPenaltySeconds(),
                defaults.ageWeight(),
                defaults.deadheadWeight());

        assertThat(sixSettings).isEqualTo(defaults);
        assertThat(sixSettings.busyRiderMaxEtaSeconds()).isEqualTo(30);
    }
}
