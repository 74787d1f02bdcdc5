package io.dispatch.logreport.read;

import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.IntStream;

/**
 * Decodes a batch of entries on every core, then hands the results on in their log order: the
 * decoding (JSON parsing and binding) is most of the report's work, the fold after it must stay
 * sequential. Measured in bench/log-report.sh.
 */
final class Batches {

    private Batches() {}

    static <T, R> void decodeInOrder(List<T> batch, Function<T, R> decode, Consumer<R> sink) {
        Object[] decoded = new Object[batch.size()];
        IntStream.range(0, decoded.length).parallel().forEach(i -> decoded[i] = decode.apply(batch.get(i)));
        for (Object record : decoded) {
            @SuppressWarnings("unchecked") // each element was made by decode
            R result = (R) record;
            sink.accept(result);
        }
    }
}
