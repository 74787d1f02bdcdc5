package io.dispatch.command.shopify.application;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ShopifySignatureTest {

    private static final byte[] BODY =
            "{\"name\":\"#1001\",\"total_price\":\"409.94\"}".getBytes(StandardCharsets.UTF_8);
    /** printf '%s' '{"name":"#1001","total_price":"409.94"}' | openssl dgst -sha256 -hmac 'shpss_test_secret' -binary | base64 */
    private static final String OPENSSL = "ixjjulfwkgWVMM37Lzj+4NINh7YvzE08hl1LKH0qE0g=";

    @Test
    void the_header_shopify_computes_verifies() {
        assertThat(ShopifySignature.verifies("shpss_test_secret", BODY, OPENSSL))
                .isTrue();
    }

    @Test
    void another_secret_a_changed_body_or_a_garbled_header_does_not() {
        assertThat(ShopifySignature.verifies("shpss_other", BODY, OPENSSL)).isFalse();
        byte[] changed = "{\"name\":\"#1001\",\"total_price\":\"1.00\"}".getBytes(StandardCharsets.UTF_8);
        assertThat(ShopifySignature.verifies("shpss_test_secret", changed, OPENSSL))
                .isFalse();
        assertThat(ShopifySignature.verifies("shpss_test_secret", BODY, "not base64!"))
                .isFalse();
        assertThat(ShopifySignature.verifies("shpss_test_secret", BODY, null)).isFalse();
        assertThat(ShopifySignature.verifies("shpss_test_secret", BODY, OPENSSL.substring(0, 20)))
                .isFalse();
    }
}
