package io.dispatch.command.dispatch.domain;

import io.dispatch.command.dispatch.domain.DispatchCommands.ConfirmDelivery;
import io.dispatch.command.dispatch.domain.DispatchRuleViolation.InvalidProof;
import io.dispatch.events.ProofOfDelivery;
import java.security.MessageDigest;
import java.nio.charset.StandardCharsets;
import java.time.Instant;

/** What a proof of delivery must carry: a type and recipient, the matching media, a PIN that matches. */
final class ProofRules {

  private ProofRules() {}

  static ProofOfDelivery check(ConfirmDelivery command, String deliveryPin, Instant capturedAt) {
    if (command.proofType() == null) {
      throw new InvalidProof("proof.type", "A proof of delivery is required");
    }
    if (command.recipientName() == null || command.recipientName().isBlank()) {
      throw new InvalidProof("proof.recipientName", "The recipient's name is required");
    }
    switch (command.proofType()) {
      case PHOTO -> require(command.photoUrl(), "proof.photoUrl", "A PHOTO proof needs photoUrl");
      case SIGNATURE -> require(command.signatureUrl(), "proof.signatureUrl", "A SIGNATURE proof needs signatureUrl");
      case PIN -> {
        if (command.pin() == null || !MessageDigest.isEqual(
            command.pin().getBytes(StandardCharsets.UTF_8), deliveryPin.getBytes(StandardCharsets.UTF_8))) {
          throw new InvalidProof("proof.pin", "The PIN does not match the delivery's PIN");
        }
      }
    }
    return new ProofOfDelivery(
        command.proofType(), command.recipientName(), capturedAt, command.photoUrl(), command.signatureUrl());
  }

  private static void require(String value, String field, String message) {
    if (value == null || value.isBlank()) {
      throw new InvalidProof(field, message);
    }
  }
}
