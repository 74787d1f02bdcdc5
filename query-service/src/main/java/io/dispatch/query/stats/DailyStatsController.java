package io.dispatch.query.stats;

import io.dispatch.events.Topics;
import io.dispatch.query.dispatch.projection.DispatchProjection;
import io.dispatch.query.freshness.ReadYourWrites;
import io.dispatch.web.Envelope;
import io.dispatch.web.identity.MerchantPrincipal;
import io.dispatch.web.input.QueryNumbers;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** The merchant's overview: its deliveries per UTC day, for the dashboard (decisions.md §10). */
@Tag(name = "Statistics", description = "Overview figures of your deliveries")
@RestController
@RequestMapping(path = "/api/v1/external/stats", produces = MediaType.APPLICATION_JSON_VALUE)
public class DailyStatsController {

    static final int DEFAULT_DAYS = 14;
    static final int MAX_DAYS = 90;

    private final DailyStatsRows rows;
    private final ReadYourWrites freshness;
    private final Clock clock;

    public DailyStatsController(DailyStatsRows rows, ReadYourWrites freshness, Clock clock) {
        this.rows = rows;
        this.freshness = freshness;
        this.clock = clock;
    }

    @Operation(operationId = "getDailyStats", summary = "Your deliveries per day", description = """
      One entry per UTC day, oldest first, the last being today (so far), every day present even with zeros. \
      created counts deliveries by the day they were created; delivered, failed and cancelled count them by \
      the day they reached that final status; onTime and late split that day's delivered ones against each \
      delivery's targetDeliveryAt (at or before it is on time; one without a targetDeliveryAt is neither); \
      onTimeShare is onTime / (onTime + late), null on a day with neither. Only the calling merchant's \
      deliveries. A days outside 1 to 90 answers 422. Reflects every write whose answer was already \
      received.""")
    @ApiResponse(
            responseCode = "200",
            description = "The days, oldest first",
            content = @Content(schema = @Schema(implementation = DailyStatsResponse.class)))
    @GetMapping("/daily")
    public Mono<Envelope> daily(
            MerchantPrincipal merchant,
            @Parameter(
                            description = "How many days, today included: 1 to 90",
                            schema =
                                    @Schema(
                                            type = "integer",
                                            format = "int32",
                                            minimum = "1",
                                            maximum = "90",
                                            defaultValue = "14"))
                    @RequestParam(name = "days", required = false)
                    String days) {
        int count = QueryNumbers.wholeNumber(days, "days", 1, MAX_DAYS, DEFAULT_DAYS);
        LocalDate last = LocalDate.now(clock.withZone(ZoneOffset.UTC));
        LocalDate first = last.minusDays(count - 1L);
        return freshness
                .awaitAll(DispatchProjection.NAME, Topics.DISPATCH_EVENTS)
                .then(rows.days(merchant.merchantId(), first, last).collectList())
                .map(found -> Envelope.of(found, new Period(count, first.toString(), last.toString(), "UTC")));
    }

    /** The period the days cover. */
    @Schema(name = "DailyStatsMeta", description = "The period: how many days, the first and the last (today), in UTC")
    public record Period(
            @Schema(requiredMode = RequiredMode.REQUIRED, minimum = "1", maximum = "90", example = "14")
            int days,

            @Schema(requiredMode = RequiredMode.REQUIRED, format = "date", example = "2026-11-10")
            String from,

            @Schema(requiredMode = RequiredMode.REQUIRED, format = "date", example = "2026-11-23")
            String to,

            @Schema(requiredMode = RequiredMode.REQUIRED, allowableValues = "UTC")
            String timeZone) {}

    @Schema(name = "DailyStatsResponse", description = "The days, oldest first, in the success envelope")
    public record DailyStatsResponse(
            @Schema(requiredMode = RequiredMode.REQUIRED, description = "Always true in this answer")
            boolean success,

            @Schema(requiredMode = RequiredMode.REQUIRED) List<DayStats> data,
            @Schema(requiredMode = RequiredMode.REQUIRED) Period meta) {}
}
