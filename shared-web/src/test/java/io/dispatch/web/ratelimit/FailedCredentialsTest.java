package io.dispatch.web.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import io.dispatch.web.WebLayersTest;
import io.dispatch.web.identity.RiderAccounts;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The test context allows 4 failed credential checks per client address per minute; the client
 * addresses are named in X-Forwarded-For (127.0.0.1 is a trusted proxy here).
 */
class FailedCredentialsTest extends WebLayersTest {

    private static final String PING = "/api/v1/external/ping";
    private static final String GUESSER = "198.51.100.7";
    private static final String NEIGHBOUR = "198.51.100.8";

    @Autowired
    RiderAccounts riders;

    private Answer ping(String client, String apiKey) {
        return call("POST")
                .path(PING)
                .apiKey(apiKey)
                .header("X-Forwarded-For", client)
                .send();
    }

    @Test
    void an_address_over_its_failed_credential_limit_gets_429_for_every_credential_until_the_minute_ends() {
        clock.startNextMinutePlus(Duration.ofSeconds(15));
        String valid = newApiKey();
        String riderToken = riders.createRider("Otieno", "+254 711 000 009").token();
        Answer[] failures = {
            ping(GUESSER, "key_0000000000000000.wrong"),
            ping(GUESSER, "not a key at all"),
            call("GET")
                    .path("/api/v1/rider/offers")
                    .header("X-Rider-Token", riderToken + "x")
                    .header("X-Forwarded-For", GUESSER)
                    .send(),
            call("GET")
                    .path("/internal/anything")
                    .header("X-Admin-Token", "guess")
                    .header("X-Forwarded-For", GUESSER)
                    .send()
        };
        assertThat(failures).allSatisfy(failure -> assertThat(failure.status()).isEqualTo(401));

        Answer fifth = ping(GUESSER, valid.substring(0, valid.length() - 1) + "x");
        assertThat(fifth.status()).isEqualTo(429);
        assertThat(fifth.json().at("/error/code").asString()).isEqualTo("RATE_LIMITED");
        assertThat(fifth.json().at("/error/message").asString()).contains("failed credential checks");
        assertThat(fifth.json().at("/error/details/limit").asInt()).isEqualTo(4);
        assertThat(fifth.header("Retry-After")).isEqualTo("45");

        assertThat(ping(GUESSER, valid).status())
                .as("a blocked address's credentials are not compared, a right one neither")
                .isEqualTo(429);
        Answer operator = call("GET")
                .path("/internal/anything")
                .header("X-Admin-Token", "test")
                .header("X-Forwarded-For", GUESSER)
                .send();
        assertThat(operator.status()).isEqualTo(429);
        assertThat(operator.header("Retry-After")).isEqualTo("45");
        assertThat(call("GET")
                        .path("/api/v1/track/no-credential-here")
                        .header("X-Forwarded-For", GUESSER)
                        .send()
                        .status())
                .as("a request without a credential is not refused by this limit")
                .isEqualTo(200);

        assertThat(ping(NEIGHBOUR, valid).status())
                .as("the same key from another address is not slowed by the guesser")
                .isEqualTo(200);
        assertThat(ping(NEIGHBOUR, "key_0000000000000000.wrong").status())
                .as("another address has its own count")
                .isEqualTo(401);

        clock.advance(Duration.ofSeconds(45));
        assertThat(ping(GUESSER, valid).status()).as("the next minute").isEqualTo(200);
    }

    @Test
    void successful_checks_are_never_counted() {
        clock.startNextMinutePlus(Duration.ofSeconds(5));
        String valid = newApiKey();
        String client = "198.51.100.9";
        for (int i = 0; i < 5; i++) {
            assertThat(ping(client, valid).status()).isEqualTo(200);
        }
        assertThat(ping(client, "key_0000000000000000.wrong").status())
                .as("five successes used none of the four failures")
                .isEqualTo(401);
    }
}
