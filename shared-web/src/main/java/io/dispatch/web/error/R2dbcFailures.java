package io.dispatch.web.error;

/**
 * R2DBC's exceptions, recognised by name: R2DBC is not on every service's class path (the webhook
 * dispatcher uses JDBC only), and the answers to failures (ApiErrorHandler) and the consumers'
 * retries (shared-kafka's Faults) must still tell its connection failures from others.
 */
public final class R2dbcFailures {

    private R2dbcFailures() {}

    /** Whether {@code failure} is of the class named {@code className}, or of a subclass of it. */
    public static boolean isA(Throwable failure, String className) {
        for (Class<?> type = failure.getClass(); type != null; type = type.getSuperclass()) {
            if (type.getName().equals(className)) {
                return true;
            }
        }
        return false;
    }

    /** The SQLSTATE of an {@code io.r2dbc.spi.R2dbcException}, or null. */
    public static String sqlState(Throwable failure) {
        try {
            return (String) failure.getClass().getMethod("getSqlState").invoke(failure);
        } catch (ReflectiveOperationException e) {
            return null;
        }
    }
}
