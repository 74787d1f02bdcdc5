package io.dispatch.command.web;

import io.dispatch.web.error.ApiErrorHandler;
import io.dispatch.web.identity.PrincipalArguments;
import java.time.Duration;
import org.springframework.test.web.reactive.server.MockServerConfigurer;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.web.server.adapter.WebHttpHandlerBuilder;

/**
 * A {@link WebTestClient} bound to one controller with the API's principal arguments and error
 * handler, without a server. The security chain is not under test here: each request carries the
 * principal as the chain would have set it (in the exchange attribute the handlers read).
 */
public final class ControllerClient {

    private ControllerClient() {}

    /** Every request to {@code controller} as {@code principal} (a merchant, rider or operator principal). */
    public static WebTestClient bind(Object controller, ApiErrorHandler errors, Object principal) {
        String attribute = PrincipalArguments.attributeOf(principal);
        return WebTestClient.bindToController(controller)
                .argumentResolvers(resolvers -> resolvers.addCustomResolver(new PrincipalArguments()))
                .webFilter((exchange, chain) -> {
                    exchange.getAttributes().put(attribute, principal);
                    return chain.filter(exchange);
                })
                .apply(new MockServerConfigurer() {
                    @Override
                    public void beforeServerCreated(WebHttpHandlerBuilder builder) {
                        builder.exceptionHandler(errors);
                    }
                })
                .configureClient()
                .responseTimeout(Duration.ofSeconds(30))
                .build();
    }
}
