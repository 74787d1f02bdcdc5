package io.dispatch.representation;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/** Where customers and merchants reach this service from outside ({@code dispatch.public-base-url}). */
@Component
public class PublicUrls {

    private final String baseUrl;

    /** Without {@code dispatch.public-base-url}, this service's own port on localhost (the local run). */
    public PublicUrls(PublicUrlProperties properties, @Value("${server.port:8080}") String port) {
        String configured = properties.publicBaseUrl();
        this.baseUrl = configured == null || configured.isBlank() ? "http://localhost:" + port : configured;
    }

    public String baseUrl() {
        return baseUrl;
    }
}
