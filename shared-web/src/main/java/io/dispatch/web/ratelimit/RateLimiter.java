package io.dispatch.web.ratelimit;

/** Counts requests per API key in fixed one-minute windows. Blocking: call it off the event loop. */
public interface RateLimiter {

    /** Takes one request from the key's current window, or says when the window ends. */
    Decision tryAcquire(String apiKeyId);

    /**
     * @param limit requests allowed per window
     * @param remaining requests still allowed in this window after this one
     * @param resetSeconds whole seconds until the window ends, at least 1
     */
    record Decision(boolean allowed, int limit, long remaining, long resetSeconds) {}
}
