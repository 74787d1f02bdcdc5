package io.dispatch.deploy;

import static io.dispatch.deploy.DispatchUnderTest.admin;

import com.fasterxml.jackson.databind.JsonNode;

/** The riders as the dispatch engine sees them, read through the operators' API. */
final class EngineRiders {

    private EngineRiders() {}

    /** Whether the engine sees the rider as one it may offer deliveries to. */
    static boolean eligible(DispatchUnderTest dispatch, String riderId) throws Exception {
        for (JsonNode known : dispatch.call("GET", "/api/v1/admin/dispatch/engine", admin(), null, 200)
                .data()
                .get("riders")) {
            if (known.get("riderId").asText().equals(riderId)) {
                return known.get("eligible").asBoolean();
            }
        }
        return false;
    }
}
