package io.dispatch.web.secret;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class SecretCipherTest {

    private static final String PROPERTY = "dispatch.webhook.secret-encryption-key";
    private final String key = SecretCipher.newBase64Key();
    private final SecretCipher cipher = SecretCipher.fromBase64(PROPERTY, "webhook-secret", key);
    private final UUID merchant = UUID.randomUUID();

    @Test
    void a_secret_round_trips_and_is_not_readable_in_its_stored_form() {
        byte[] stored = cipher.encrypt(merchant, "whsec_abc");
        assertThat(new String(stored, StandardCharsets.ISO_8859_1)).doesNotContain("whsec_abc");
        assertThat(cipher.decrypt(merchant, stored)).isEqualTo("whsec_abc");
        assertThat(cipher.encrypt(merchant, "whsec_abc"))
                .as("fresh nonce each time")
                .isNotEqualTo(stored);
    }

    @Test
    void a_ciphertext_moved_to_another_merchant_or_read_with_another_key_does_not_decrypt() {
        byte[] stored = cipher.encrypt(merchant, "whsec_abc");
        assertThatThrownBy(() -> cipher.decrypt(UUID.randomUUID(), stored)).isInstanceOf(IllegalStateException.class);
        SecretCipher other = SecretCipher.fromBase64(PROPERTY, "webhook-secret", SecretCipher.newBase64Key());
        assertThatThrownBy(() -> other.decrypt(merchant, stored))
                .hasMessageNotContaining("whsec")
                .hasMessageContaining(PROPERTY);
    }

    @Test
    void a_ciphertext_of_one_kind_of_secret_does_not_decrypt_as_another_under_the_same_key() {
        byte[] stored = cipher.encrypt(merchant, "whsec_abc");
        SecretCipher shopify =
                SecretCipher.fromBase64("dispatch.integrations.secret-encryption-key", "shopify-secret", key);
        assertThatThrownBy(() -> shopify.decrypt(merchant, stored)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void the_key_is_required_and_must_be_256_bits_and_is_never_echoed() {
        assertThatThrownBy(() -> SecretCipher.fromBase64(PROPERTY, "webhook-secret", null))
                .hasMessageContaining("secret-encryption-key is required");
        String short16 = Base64.getEncoder().encodeToString(new byte[16]);
        assertThatThrownBy(() -> SecretCipher.fromBase64(PROPERTY, "webhook-secret", short16))
                .hasMessageContaining("32 bytes")
                .hasMessageNotContaining(short16);
        assertThatThrownBy(() -> SecretCipher.fromBase64(PROPERTY, "webhook-secret", "%%%"))
                .hasMessageContaining("not valid base64");
        String urlSafe = Base64.getUrlEncoder().encodeToString(new byte[32]);
        assertThat(SecretCipher.fromBase64(PROPERTY, "webhook-secret", urlSafe)).isNotNull();
    }
}
