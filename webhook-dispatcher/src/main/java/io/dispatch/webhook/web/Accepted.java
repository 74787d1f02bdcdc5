package io.dispatch.webhook.web;

import java.util.UUID;

/** The answer to a 202: the notification that will be sent, identified as in GET .../webhooks. */
public record Accepted(UUID id, String event, String status) {

  public static Accepted pending(UUID id, String event) {
    return new Accepted(id, event, "PENDING");
  }
}
