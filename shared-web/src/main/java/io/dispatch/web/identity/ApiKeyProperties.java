package io.dispatch.web.identity;

import io.dispatch.web.startup.SettingChecks;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * @param maxPerMerchant the most API keys a merchant may hold at once (revoked ones do not count);
 *     the per-key rate limit is only a limit per merchant while keys are bounded
 */
@ConfigurationProperties("dispatch.api-keys")
public record ApiKeyProperties(@DefaultValue("10") Integer maxPerMerchant) {

    public ApiKeyProperties {
        SettingChecks.atLeast("dispatch.api-keys.max-per-merchant", maxPerMerchant, 1);
    }
}
