package io.dispatch.command.dispatch.web;

import io.dispatch.command.dispatch.application.DispatchCreation;
import io.dispatch.command.web.FieldErrors;
import io.dispatch.events.Actor;
import io.dispatch.events.DispatchOrder;
import io.dispatch.events.Source;
import io.dispatch.idempotency.IdempotentRequest;
import io.dispatch.web.Envelope;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.http.ResponseEntity;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * A CSV import, the one code path of the operator's and the merchant's import routes: the file
 * read into rows ({@link CsvOrders}), every row validated as a create body with its messages keyed
 * {@code rows[i].field} ({@code rows[0]} is the first row after the header), then either all rows
 * created in one transaction (source csv) or, for a preview, only counted.
 *
 * <p>A file that cannot be read as rows (empty, not CSV, no customerName column, no rows or more
 * than {@value #ROW_LIMIT}) answers 422 on {@code body} or {@code rows} in both modes: there are no
 * rows to preview.
 */
public final class CsvImport {

    public static final int ROW_LIMIT = 500;

    private final List<DispatchOrder> orders;
    private final List<RowErrors> errors;

    private CsvImport(List<DispatchOrder> orders, List<RowErrors> errors) {
        this.orders = orders;
        this.errors = errors;
    }

    /** One invalid row: its index and its messages, keyed exactly as the import's 422 keys them. */
    @Schema(name = "CsvImportRowErrors")
    public record RowErrors(
            @Schema(
                    requiredMode = RequiredMode.REQUIRED,
                    minimum = "0",
                    example = "1",
                    description = "0 for the first row after the header, as in rows[i]")
            int row,

            @Schema(
                    requiredMode = RequiredMode.REQUIRED,
                    description = "Messages by field, keyed rows[i].field as in the import's 422",
                    example = "{\"rows[1].pickup.lng\":[\"must be a number from -180 to 180\"]}")
            Map<String, List<String>> fieldErrors) {}

    /** What a dry run answers: how many rows, how many would be created, and each invalid row's errors. */
    @Schema(name = "CsvImportPreview")
    public record Preview(
            @Schema(
                    requiredMode = RequiredMode.REQUIRED,
                    minimum = "1",
                    maximum = "500",
                    description = "Rows after the header")
            int rows,

            @Schema(
                    requiredMode = RequiredMode.REQUIRED,
                    minimum = "0",
                    maximum = "500",
                    description = "Rows that would be created; the import creates them only when this equals rows")
            int valid,

            @Schema(
                    requiredMode = RequiredMode.REQUIRED,
                    description = "The invalid rows in file order; empty when all are valid")
            List<RowErrors> errors) {}

    /** The file's rows, each validated; a file that holds no readable rows answers 422 here. */
    public static CsvImport read(String csv) {
        FieldErrors file = new FieldErrors();
        List<JsonNode> rows = CsvOrders.parse(csv, file, ROW_LIMIT);
        file.throwIfAny();
        if (rows.isEmpty()) {
            file.add("rows", "must hold 1 to " + ROW_LIMIT + " rows after the header; it holds " + rows.size());
            file.throwIfAny();
        }
        List<DispatchOrder> orders = new ArrayList<>(rows.size());
        List<RowErrors> errors = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            FieldErrors row = new FieldErrors();
            orders.add(DispatchOrderParser.parse(rows.get(i), "rows[" + i + "].", row));
            if (!row.isEmpty()) {
                errors.add(new RowErrors(i, row.asMap()));
            }
        }
        return new CsvImport(orders, errors);
    }

    public Preview preview() {
        return new Preview(orders.size(), orders.size() - errors.size(), List.copyOf(errors));
    }

    /**
     * Creates every row in one transaction, answering 201 {count, dispatches} in file order; any
     * invalid row answers 422 with every row's messages and nothing is created. {@code before} runs
     * first (the operator's check that the merchant is active).
     */
    public Mono<ResponseEntity<Envelope>> create(
            DispatchCreation dispatches,
            UUID merchantId,
            Actor actor,
            IdempotentRequest idempotency,
            Mono<Void> before,
            String baseUrl) {
        FieldErrors all = new FieldErrors();
        errors.forEach(row -> row.fieldErrors().forEach((field, messages) -> messages.forEach(m -> all.add(field, m))));
        all.throwIfAny();
        return before.then(dispatches.createAll(merchantId, orders, Source.CSV, actor, idempotency))
                .map(written -> BulkAnswer.created(written, baseUrl))
                .onErrorMap(DispatchErrors::toApi);
    }
}
