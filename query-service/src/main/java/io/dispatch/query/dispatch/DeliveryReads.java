package io.dispatch.query.dispatch;

import io.dispatch.events.Topics;
import io.dispatch.events.view.DispatchView;
import io.dispatch.query.dispatch.projection.DispatchProjection;
import io.dispatch.query.freshness.ReadYourWrites;
import io.dispatch.web.error.ApiException;
import io.dispatch.web.error.ErrorCode;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * A read of one delivery, for every route under /dispatches/:id (a merchant's and an operator's):
 * it waits (bounded) until the projection has applied the log of the delivery's partition, so a
 * read sent after a write sees it, then reads the row once, whoever's it is. Reading the
 * merchant's row and then anyone's, as the merchant routes did, let the projection write the row
 * between the two reads, and the merchant's own new delivery passed for another merchant's: a 404
 * right after its 201 (issue 17, G4). Nothing there while the projection is still behind is a 503
 * with Retry-After, never a 404: the delivery may exist.
 */
@Component
public class DeliveryReads {

    private final DispatchRows rows;
    private final ReadYourWrites freshness;

    public DeliveryReads(DispatchRows rows, ReadYourWrites freshness) {
        this.rows = rows;
        this.freshness = freshness;
    }

    /** The merchant's delivery; 404 or 503 as {@link #answer} decides. */
    public Mono<DispatchView> merchants(UUID merchantId, UUID dispatchId) {
        return read(dispatchId, merchantId);
    }

    /** Any merchant's delivery (the operator's read); 404 when there is none and the projection has caught up, else 503. */
    public Mono<DispatchView> anyMerchants(UUID dispatchId) {
        return read(dispatchId, null);
    }

    private Mono<DispatchView> read(UUID dispatchId, UUID merchantId) {
        return freshness
                .freshDispatch(DispatchProjection.NAME, Topics.DISPATCH_EVENTS, dispatchId)
                .flatMap(fresh -> rows.find(dispatchId)
                        .map(Optional::of)
                        .defaultIfEmpty(Optional.empty())
                        .flatMap(row -> answer(row, merchantId, fresh)));
    }

    /**
     * The answer from what the read model holds ({@code merchantId} null: any merchant's will do):
     * the row when it is the merchant's (also while the
     * projection is still behind: the row is there); 404 when it is another merchant's (no catching
     * up makes it this one's), or when there is none and the projection has caught up with the log;
     * 503 with Retry-After when there is none yet and it has not (a consumer is restarting or the
     * group rebalancing).
     */
    static Mono<DispatchView> answer(Optional<DispatchView> row, UUID merchantId, boolean fresh) {
        if (row.isPresent()) {
            return merchantId == null || row.get().merchantId().equals(merchantId)
                    ? Mono.just(row.get())
                    : Mono.error(ApiException.notFound("Delivery"));
        }
        return Mono.error(fresh ? ApiException.notFound("Delivery") : catchingUp());
    }

    /** The 503 of a read the read model cannot answer yet (also for reads of other projections about the delivery). */
    public static ApiException catchingUp() {
        return new ApiException(
                ErrorCode.INTERNAL_ERROR,
                HttpStatus.SERVICE_UNAVAILABLE,
                "The read model is catching up with the event log; retry in a moment",
                Map.of("retryAfterSeconds", 1));
    }
}
