package io.dispatch.web.request;

import io.dispatch.web.startup.InvalidSetting;
import java.util.Locale;
import java.util.Map;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * The client address comes only from {@code dispatch.web.trusted-proxies} ({@link
 * ClientAddresses}, decisions.md §13). Left unset, Boot's {@code server.forward-headers-strategy}
 * follows the detected cloud platform: in a Kubernetes pod ({@code KUBERNETES_SERVICE_HOST} and
 * {@code _PORT} set) it turns on Reactor Netty's forwarded-header handling, which takes the first
 * {@code X-Forwarded-For} entry of any client as the connection's peer, so every per-IP limit
 * falls to a header. So the strategy is pinned to {@code none}, above every other source, and a
 * setting that asks for another one stops the start rather than being quietly overruled.
 */
public final class ForwardedHeadersOff implements EnvironmentPostProcessor {

    static final String STRATEGY = "server.forward-headers-strategy";

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
        String asked = environment.getProperty(STRATEGY);
        if (asked != null && !asked.strip().toLowerCase(Locale.ROOT).equals("none")) {
            throw new InvalidSetting(
                    STRATEGY,
                    "is not supported (was '" + asked + "'): name the proxies whose X-Forwarded-For may"
                            + " be believed in dispatch.web.trusted-proxies instead");
        }
        environment
                .getPropertySources()
                .addFirst(new MapPropertySource("dispatch-forwarded-headers-off", Map.of(STRATEGY, "none")));
    }
}
