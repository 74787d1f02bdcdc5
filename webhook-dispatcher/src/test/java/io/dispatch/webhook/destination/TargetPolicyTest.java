package io.dispatch.webhook.destination;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Registration checks; names resolved here are literals or localhost, so no network is needed. */
class TargetPolicyTest {

    private final TargetPolicy strict = new TargetPolicy(false);
    private final TargetPolicy insecure = new TargetPolicy(true);

    @ParameterizedTest
    @ValueSource(
            strings = {
                "http://93.184.216.34/hooks",
                "https://127.0.0.1/hooks",
                "https://localhost:8443/hooks",
                "https://10.0.0.1/",
                "https://[::1]/hooks",
                "https://169.254.169.254/latest/meta-data",
                "https://0.0.0.0/",
                "https://[fd00::1]/",
                "ftp://93.184.216.34/",
                "https:///no-host",
                "not a url",
                "",
                "https://user:pw@93.184.216.34/",
                "https://93.184.216.34/#fragment"
            })
    void refused_when_secure_targets_are_required(String url) {
        assertThatThrownBy(() -> strict.checkRegistration(url)).isInstanceOf(TargetPolicy.RefusedTarget.class);
    }

    @Test
    void a_public_https_literal_is_accepted() {
        assertThat(strict.checkRegistration("https://93.184.216.34:8443/hooks?merchant=1")
                        .getHost())
                .isEqualTo("93.184.216.34");
        assertThat(strict.checkRegistration("https://[2606:4700:4700::1111]/hooks")
                        .getPort())
                .isEqualTo(-1);
    }

    @Test
    void the_insecure_mode_of_the_local_run_accepts_http_and_loopback_but_still_wants_a_url() {
        assertThat(insecure.checkRegistration("http://127.0.0.1:9999/hooks").getPort())
                .isEqualTo(9999);
        assertThat(insecure.checkRegistration("http://localhost/hooks").getHost())
                .isEqualTo("localhost");
        assertThatThrownBy(() -> insecure.checkRegistration("ftp://127.0.0.1/"))
                .isInstanceOf(TargetPolicy.RefusedTarget.class);
        assertThatThrownBy(() -> insecure.checkRegistration(null)).isInstanceOf(TargetPolicy.RefusedTarget.class);
        assertThatThrownBy(() -> insecure.checkRegistration("https://x.example/" + "a".repeat(2100)))
                .hasMessageContaining("2048");
    }

    @Test
    void the_reason_is_fit_for_a_field_error() {
        assertThatThrownBy(() -> strict.checkRegistration("http://93.184.216.34/"))
                .hasMessage("must use https");
        assertThatThrownBy(() -> strict.checkRegistration("https://127.0.0.1/"))
                .hasMessage("host 127.0.0.1 resolves to a non-public address; webhooks go to public addresses only");
    }

    @Test
    void a_refused_name_is_answered_without_the_internal_address_it_resolves_to() {
        assertThatThrownBy(() -> strict.checkRegistration("https://localhost/hooks"))
                .hasMessage("host localhost resolves to a non-public address; webhooks go to public addresses only");
    }

    @Test
    void tunnel_and_local_translator_prefixes_are_refused_at_registration() {
        for (String url : new String[] {
            "https://[64:ff9b:1:a00:1:0:808:808]/",
            "https://[64:ff9b:1:808:808::]/",
            "https://[2001::1]/",
            "https://[2002:808:808::1]/"
        }) {
            assertThatThrownBy(() -> strict.checkRegistration(url))
                    .as(url)
                    .isInstanceOf(TargetPolicy.RefusedTarget.class)
                    .hasMessageContaining("non-public address");
        }
    }
}
