package io.dispatch.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * The start-up cache's training run (deploy/prepare-local.sh, ADR 0034) sends requests the
 * service answers as expected; one answered otherwise fails the training, so no cache is made
 * from a run that went wrong.
 */
class AotTrainingTest {

    static final DispatchUnderTest dispatch = DispatchUnderTest.get();

    @Test
    void theTrainingRequestsAreAnsweredAsExpected() throws Exception {
        DispatchUnderTest.Merchant merchant = dispatch.newMerchant("Start-up cache training");

        assertThat(new AotTraining(dispatch.baseUrl, merchant.apiKey()).exercise(2))
                .isEqualTo(7);

        assertThat(dispatch.call(
                                "GET",
                                "/api/v1/external/dispatches",
                                DispatchUnderTest.merchant(merchant.apiKey()),
                                null,
                                200)
                        .data())
                .hasSize(2);
    }

    @Test
    void aRequestAnsweredOtherwiseFailsTheTraining() {
        assertThatThrownBy(() -> new AotTraining(dispatch.baseUrl, "key_0000000000000000.not-a-key").exercise(1))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("answered 401 (expected 200)");
    }
}
