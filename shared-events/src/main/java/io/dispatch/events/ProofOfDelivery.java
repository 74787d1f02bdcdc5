package io.dispatch.events;

import java.time.Instant;

/** Attached to a DELIVERED delivery. */
public record ProofOfDelivery(
    ProofType type, String recipientName, Instant capturedAt, String photoUrl, String signatureUrl) {

  public enum ProofType {
    PHOTO,
    SIGNATURE,
    PIN
  }
}
