package io.dispatch.web.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.dispatch.web.WebLayersTest;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The test context has {@code dispatch.dashboard.signup-enabled=false}; its signup and sign-in are stand-ins. */
class SignupSwitchTest extends WebLayersTest {

    @Test
    void switched_off_signup_answers_404_as_a_route_that_does_not_exist_and_sign_in_keeps_working() {
        clock.startNextMinutePlus(Duration.ofSeconds(5));
        String client = "198.51.100.40";
        Answer signup = call("POST")
                .path("/api/v1/auth/signup")
                .header("X-Forwarded-For", client)
                .json("{\"email\":\"a@example.com\",\"password\":\"a long enough password\",\"businessName\":\"Duka\"}")
                .send();
        Answer nowhere = call("POST")
                .path("/api/v1/auth/nowhere")
                .header("X-Forwarded-For", client)
                .json("{}")
                .send();
        assertThat(signup.status()).isEqualTo(404);
        assertThat(signup.json().get("error").get("code").asString()).isEqualTo("NOT_FOUND");
        assertThat(signup.json().at("/error/message").asString())
                .isEqualTo(nowhere.json().at("/error/message").asString());

        assertThat(call("POST")
                        .path("/api/v1/auth/signin")
                        .header("X-Forwarded-For", client)
                        .json("{}")
                        .send()
                        .status())
                .isEqualTo(200);
    }
}
