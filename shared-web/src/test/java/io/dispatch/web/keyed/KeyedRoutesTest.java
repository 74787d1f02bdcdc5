package io.dispatch.web.keyed;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class KeyedRoutesTest {

    @Test
    void a_riders_steps_honour_a_key_and_the_position_report_does_not() {
        assertThat(KeyedRoutes.riderAction("/api/v1/rider/dispatches/{id}/deliver"))
                .isTrue();
        assertThat(KeyedRoutes.riderAction("/api/v1/rider/offers/{offerId}/accept"))
                .isTrue();
        assertThat(KeyedRoutes.riderAction("/api/v1/rider/shift")).isTrue();
        assertThat(KeyedRoutes.riderAction("/api/v1/rider/location")).isFalse();
        assertThat(KeyedRoutes.riderAction("/api/v1/rider/offers")).isFalse();
    }
}
