package io.dispatch.web.request;

import io.micrometer.context.ContextRegistry;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.MDC;
import reactor.core.publisher.Hooks;

/**
 * Puts the request id and the delivery id of the work at hand into every log line it causes, on
 * whatever thread that work hops to: the ids live in the Reactor context (HTTP requests) or are
 * set around a Kafka record, and Reactor's automatic context propagation copies them into the
 * logging MDC as {@code requestId} and {@code dispatchId}. The console pattern shows them
 * ({@code logging.pattern.correlation}); structured logs ({@code logging.structured.format.console=ecs}
 * or {@code logstash}) carry them as fields.
 */
public final class LogContext {

    public static final String REQUEST_ID = "requestId";
    public static final String DISPATCH_ID = "dispatchId";
    private static final AtomicBoolean INSTALLED = new AtomicBoolean();

    private LogContext() {}

    public static void install() {
        if (!INSTALLED.compareAndSet(false, true)) {
            return;
        }
        for (String key : new String[] {REQUEST_ID, DISPATCH_ID}) {
            ContextRegistry.getInstance()
                    .registerThreadLocalAccessor(
                            key, () -> MDC.get(key), value -> MDC.put(key, value), () -> MDC.remove(key));
        }
        Hooks.enableAutomaticContextPropagation();
    }

    /** Sets the delivery id for the log lines of one piece of work; close to clear it. */
    public static MDC.MDCCloseable dispatch(Object dispatchId) {
        return MDC.putCloseable(DISPATCH_ID, dispatchId == null ? "-" : dispatchId.toString());
    }
}
