package io.dispatch.command.dispatch.domain;

import io.dispatch.command.dispatch.domain.DispatchCommands.ConfirmDelivery;
import io.dispatch.command.dispatch.domain.DispatchRuleViolation.InvalidProof;
import io.dispatch.events.ProofOfDelivery;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Instant;

/**
 * What a proof of delivery must carry: a type and recipient, the matching media, and for a PIN
 * proof four digits, compared in constant time with the delivery's PIN. A PIN can be guessed,
 * so only {@link #MAX_WRONG_PIN_GUESSES} wrong ones are allowed before PIN proofs lock.
 */
final class ProofRules {

    /** Wrong PIN guesses allowed per delivery until an operator resets them: 5 in 10,000 is a 0.05 % chance. */
    static final int MAX_WRONG_PIN_GUESSES = 5;

    private ProofRules() {}

    /**
     * Everything but the PIN's value. A PIN that is not four digits cannot be the right one and
     * tells the guesser nothing, so it is refused without counting as a guess.
     */
    static void checkComplete(ConfirmDelivery command) {
        if (command.proofType() == null) {
            throw new InvalidProof("proof.type", "A proof of delivery is required");
        }
        if (command.recipientName() == null || command.recipientName().isBlank()) {
            throw new InvalidProof("proof.recipientName", "The recipient's name is required");
        }
        switch (command.proofType()) {
            case PHOTO -> require(command.photoUrl(), "proof.photoUrl", "A PHOTO proof needs photoUrl");
            case SIGNATURE ->
                require(command.signatureUrl(), "proof.signatureUrl", "A SIGNATURE proof needs signatureUrl");
            case PIN -> {
                if (command.pin() == null || !command.pin().matches("[0-9]{4}")) {
                    throw new InvalidProof("proof.pin", "A PIN proof needs the 4 digits the customer gives");
                }
            }
        }
    }

    static boolean pinMatches(ConfirmDelivery command, String deliveryPin) {
        return MessageDigest.isEqual(
                command.pin().getBytes(StandardCharsets.UTF_8), deliveryPin.getBytes(StandardCharsets.UTF_8));
    }

    static ProofOfDelivery proof(ConfirmDelivery command, Instant capturedAt) {
        return new ProofOfDelivery(
                command.proofType(), command.recipientName(), capturedAt, command.photoUrl(), command.signatureUrl());
    }

    private static void require(String value, String field, String message) {
        if (value == null || value.isBlank()) {
            throw new InvalidProof(field, message);
        }
    }
}
