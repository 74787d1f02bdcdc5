package io.dispatch.web.delivery;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/** Where customers and merchants reach this service from outside ({@code dispatch.public-base-url}). */
@Component
public class PublicUrls {

  private final String baseUrl;

  public PublicUrls(@Value("${dispatch.public-base-url:http://localhost:${server.port:8080}}") String baseUrl) {
    this.baseUrl = baseUrl;
  }

  public String baseUrl() {
    return baseUrl;
  }
}
