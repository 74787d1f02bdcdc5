package io.dispatch.query.rebuild;

import java.time.Duration;

/**
 * How a rebuild runs ({@code dispatch.rebuild.*}).
 *
 * @param keepPrevious keep the replaced tables in a schema {@code query_replaced_<time>} instead of dropping them
 * @param switchLag the events left to replay under the lock at most: below it, the catch-up stops and the swap starts
 * @param maxCatchUpRounds catch-up rounds before the swap at most (each round replays what arrived during the last)
 * @param lockTimeout how long the swap waits for the live tables' lock before the run fails
 * @param checksums whether the swap computes both checksums (it holds reads while it does: off for very large tables)
 * @param abandonedAfter a RUNNING rebuild with no progress for this long is reported FAILED
 */
public record RebuildSettings(
    boolean keepPrevious, long switchLag, int maxCatchUpRounds, Duration lockTimeout, boolean checksums,
    Duration abandonedAfter) {}
