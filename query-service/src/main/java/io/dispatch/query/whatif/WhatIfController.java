package io.dispatch.query.whatif;

import io.dispatch.web.Envelope;
import io.dispatch.web.error.ApiException;
import io.dispatch.web.identity.OperatorAccess;
import io.dispatch.web.identity.OperatorPrincipal;
import io.dispatch.web.identity.OperatorRole;
import io.dispatch.web.scheduling.Blocking;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.net.URI;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * The console's what-if (decisions.md section 17): a day of the log run through the simulator under several
 * policies, beside what actually happened. A job, because a day takes from seconds to minutes; it changes nothing
 * operational, so every operator role may ask for one.
 */
@Tag(name = "Operator: dispatching")
@RestController
@OperatorAccess({OperatorRole.DISPATCHER, OperatorRole.AUDITOR})
@RequestMapping(path = "/api/v1/admin/dispatch/whatif", produces = MediaType.APPLICATION_JSON_VALUE)
public class WhatIfController {

    static final String PATH = "/api/v1/admin/dispatch/whatif";

    private final WhatIfRunner runner;
    private final Clock clock;

    public WhatIfController(WhatIfRunner runner, Clock clock) {
        this.runner = runner;
        this.clock = clock;
    }

    @Operation(
            operationId = "startWhatIf",
            summary = "Compare dispatching policies on a day of the log",
            description = """
      Body {day: "YYYY-MM-DD", zoneId?, modes: [1 to 5 distinct of MANUAL, BROADCAST, RANKED, AUTO_ASSIGN, BATCHED]}. \
      The orders created that day (UTC, [day 00:00Z, next day 00:00Z)), of zoneId's policy when given, with the \
      riders' shifts and first positions, are read from the log as a scenario and simulated under each mode; the \
      result has a row recorded (what actually happened) first, then one per mode, each with click-to-door per \
      hour. Answers 202 with the job (QUEUED) and its Location; follow it with GET until DONE or FAILED. An \
      instance runs one job at a time and holds dispatch.whatif.max-queued (3) more waiting; one more answers 503 \
      with Retry-After. A day with more than dispatch.whatif.max-orders (20,000) orders ends FAILED. A day in the future or before 2000-01-01, an unknown or repeated mode \
      answer 422 naming the field.""")
    @ApiResponse(
            responseCode = "202",
            description = "The job, QUEUED",
            content = @Content(schema = @Schema(implementation = JobResponse.class)))
    @ApiResponse(responseCode = "503", description = "This instance holds as many jobs as it may; ask again later")
    @io.swagger.v3.oas.annotations.parameters.RequestBody(
            required = true,
            content = @Content(schema = @Schema(implementation = WhatIfRequest.Body.class)))
    @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
    public Mono<ResponseEntity<Envelope>> start(
            OperatorPrincipal operator, @RequestBody(required = false) JsonNode body) {
        WhatIfRequest request = WhatIfRequest.read(body, LocalDate.now(clock.withZone(ZoneOffset.UTC)));
        return Blocking.call(() -> runner.submit(request, operator.name()))
                .map(job -> ResponseEntity.accepted()
                        .location(URI.create(PATH + "/" + job.id()))
                        .body(Envelope.of(job)));
    }

    @Operation(operationId = "getWhatIf", summary = "A what-if job", description = """
      The job with its status and progress; once DONE its result {scenario, travel {model, speedKmh, \
      detourFactor}, rows [{mode, figures, clickToDoorByHour}], notes}. Any instance answers. A job whose instance \
      stopped reads as FAILED, with why, within a minute. An id that names no job answers 404.""")
    @ApiResponse(
            responseCode = "200",
            description = "The job",
            content = @Content(schema = @Schema(implementation = JobResponse.class)))
    @GetMapping("/{id}")
    public Mono<Envelope> job(OperatorPrincipal operator, @PathVariable String id) {
        UUID jobId = ApiException.pathId(id, "What-if job");
        return Blocking.call(() -> runner.job(jobId)).map(Envelope::of);
    }

    @Operation(operationId = "listWhatIfs", summary = "The latest what-if jobs", description = """
      The 20 newest jobs of every operator and instance, newest first, without their results (result null).""")
    @ApiResponse(
            responseCode = "200",
            description = "The jobs",
            content = @Content(schema = @Schema(implementation = JobsResponse.class)))
    @GetMapping
    public Mono<Envelope> latest(OperatorPrincipal operator) {
        return Blocking.call(runner::latest).map(Envelope::of);
    }

    @Schema(name = "WhatIfJobResponse")
    record JobResponse(
            @Schema(requiredMode = RequiredMode.REQUIRED, example = "true")
            boolean success,

            @Schema(requiredMode = RequiredMode.REQUIRED) WhatIfJob data) {}

    @Schema(name = "WhatIfJobsResponse")
    record JobsResponse(
            @Schema(requiredMode = RequiredMode.REQUIRED, example = "true")
            boolean success,

            @ArraySchema(schema = @Schema(implementation = WhatIfJob.class))
            List<WhatIfJob> data) {}
}
