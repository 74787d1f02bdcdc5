package io.dispatch.command.dispatch.web;

import io.dispatch.command.dispatch.application.Written;
import io.dispatch.representation.BulkCreated;
import io.dispatch.representation.Delivery;
import io.dispatch.web.Envelope;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;

/** The 201 of a creation of many (bulk, CSV import): {count, dispatches} in request order. */
final class BulkAnswer {

    private BulkAnswer() {}

    static ResponseEntity<Envelope> created(List<Written> written, String baseUrl) {
        return ResponseEntity.status(HttpStatus.CREATED)
                .body(Envelope.of(new BulkCreated(
                        written.size(),
                        written.stream()
                                .map(w -> Delivery.from(w.view(), baseUrl))
                                .toList())));
    }
}
