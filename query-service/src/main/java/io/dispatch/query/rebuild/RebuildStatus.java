package io.dispatch.query.rebuild;

import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.UUID;

/**
 * A rebuild as {@code GET /api/v1/admin/projections/rebuild} shows it (decisions.md section 7),
 * plus what an operator checks afterwards: how many events were skipped (unreadable, or not
 * applicable) and the content checksums of the rebuilt tables and of the tables they replaced,
 * both taken at the same log positions. Every field of a rebuild that never ran is null.
 */
@Schema(name = "ProjectionRebuild")
public record RebuildStatus(
        UUID rebuildId,

        @Schema(allowableValues = {"IDLE", "RUNNING", "SUCCEEDED", "FAILED"})
        String status,

        Long eventsDone,
        Long eventsTotal,
        Double eventsPerSecond,
        Instant startedAt,
        Instant finishedAt,
        String error,

        @Schema(
                description = "events read but not applied: unknown type or version, undecodable, or of a delivery "
                        + "whose creation is not in the log")
        Long eventsSkipped,

        @Schema(description = "md5 over the rebuilt tables' rows at the switch")
        String checksum,

        @Schema(
                description = "md5 over the replaced tables' rows at the same log positions; equal to checksum "
                        + "when the live tables held exactly what the log says")
        String previousChecksum) {

    static final RebuildStatus IDLE =
            new RebuildStatus(null, "IDLE", null, null, null, null, null, null, null, null, null);

    /** The answer to a POST that started one. */
    public record Started(UUID rebuildId, String status, Instant startedAt) {}
}
