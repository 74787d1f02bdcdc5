package io.dispatch.simulator.trip;

import io.dispatch.events.FailureReason;
import java.io.IOException;
import java.util.UUID;

/**
 * What a rider's phone can do, as the trip script uses it: each call answers the service's HTTP
 * status and body ({@link HttpRiderApi}), or throws when the service could not be reached. The
 * script's tests answer it with a fake.
 */
public interface RiderApi {

    /** What the service answered. */
    record Answer(int status, String body) {
        public boolean ok() {
            return status / 100 == 2;
        }

        /** The delivery moved on, or is someone else's now: nothing more for this rider to do. */
        public boolean refused() {
            return status == 403 || status == 404 || status == 409 || status == 422;
        }
    }

    /** Where the calls go, for the operators' status view. */
    String baseUrl();

    Answer accept(String token, UUID dispatchId) throws IOException;

    Answer pickup(String token, UUID dispatchId) throws IOException;

    Answer depart(String token, UUID dispatchId) throws IOException;

    /** Delivers with a PIN proof: the customer's name as recipient and the PIN they give at the door. */
    Answer deliver(String token, UUID dispatchId, String recipientName, String pin) throws IOException;

    Answer fail(String token, UUID dispatchId, FailureReason reason, String detail) throws IOException;

    Answer location(String token, double lat, double lng) throws IOException;

    /** Goes ON shift ({@code on}) or OFF: only riders ON shift are offered deliveries (decisions.md §14). */
    Answer shift(String token, boolean on) throws IOException;

    /** Accepts the engine's offer: the delivery becomes this rider's, or 409 when the offer is gone. */
    Answer acceptOffer(String token, UUID offerId) throws IOException;

    /** Declines the engine's offer; the engine moves on to the next rider. */
    Answer declineOffer(String token, UUID offerId, String reason) throws IOException;

    /** Gives back a delivery the engine assigned automatically: it goes back to NEW and to the next rider. */
    Answer giveBack(String token, UUID dispatchId, String reason) throws IOException;
}
