package io.dispatch.query.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import io.dispatch.events.Source;
import io.dispatch.events.view.DispatchView;
import io.dispatch.query.TestCreations;
import io.dispatch.web.error.ApiException;
import io.dispatch.web.error.ErrorCode;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

/**
 * How a merchant's read of one delivery is answered from the one read of its row (issue 17, G4: a
 * read right after a create never answers 404).
 */
class DeliveryReadsTest {

    private static final UUID MERCHANT = UUID.randomUUID();
    private static final DispatchView MINE = view(MERCHANT);
    private static final DispatchView SOMEONE_ELSES = view(UUID.randomUUID());

    @Test
    void the_merchants_row_is_the_answer_whether_or_not_the_projection_has_caught_up() {
        assertThat(DeliveryReads.answer(Optional.of(MINE), MERCHANT, true).block())
                .isEqualTo(MINE);
        assertThat(DeliveryReads.answer(Optional.of(MINE), MERCHANT, false).block())
                .isEqualTo(MINE);
    }

    @Test
    void the_operators_read_takes_any_merchants_row() {
        assertThat(DeliveryReads.answer(Optional.of(SOMEONE_ELSES), null, false).block())
                .isEqualTo(SOMEONE_ELSES);
        assertThat(failure(DeliveryReads.answer(Optional.empty(), null, false))
                        .status()
                        .value())
                .isEqualTo(503);
    }

    @Test
    void another_merchants_row_is_not_found_however_far_the_projection_is() {
        assertThat(failure(DeliveryReads.answer(Optional.of(SOMEONE_ELSES), MERCHANT, true))
                        .status()
                        .value())
                .isEqualTo(404);
        assertThat(failure(DeliveryReads.answer(Optional.of(SOMEONE_ELSES), MERCHANT, false))
                        .status()
                        .value())
                .isEqualTo(404);
    }

    @Test
    void no_row_is_not_found_once_caught_up_and_a_retry_later_while_catching_up() {
        ApiException caughtUp = failure(DeliveryReads.answer(Optional.empty(), MERCHANT, true));
        assertThat(caughtUp.status().value()).isEqualTo(404);
        assertThat(caughtUp.code()).isEqualTo(ErrorCode.NOT_FOUND);

        ApiException behind = failure(DeliveryReads.answer(Optional.empty(), MERCHANT, false));
        assertThat(behind.status().value()).isEqualTo(503);
        assertThat(behind.details()).containsEntry("retryAfterSeconds", 1);
    }

    private static ApiException failure(Mono<DispatchView> answer) {
        return (ApiException) answer.map(Object.class::cast)
                .onErrorResume(ApiException.class, Mono::just)
                .block();
    }

    private static DispatchView view(UUID merchantId) {
        return DispatchView.created(TestCreations.created(
                UUID.randomUUID(), merchantId, Instant.parse("2026-11-25T10:00:00Z"), Source.API));
    }
}
