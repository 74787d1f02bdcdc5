package io.dispatch.command.shopify.infrastructure;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * @param secretEncryptionKey base64 of 32 bytes, the AES-256-GCM key of the stores' webhook
 *     secrets: command-service's own (docs/adr/0022), required outside the local run, never logged;
 *     {@link ShopifyStore} stops the start without it
 */
@ConfigurationProperties("dispatch.integrations")
public record IntegrationProperties(String secretEncryptionKey) {

    @Override
    public String toString() {
        // the record's default would print the key
        return "IntegrationProperties[secretEncryptionKey=" + (secretEncryptionKey == null ? "unset" : "set") + "]";
    }
}
