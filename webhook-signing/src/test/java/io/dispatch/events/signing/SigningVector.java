package io.dispatch.events.signing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** One line of signing-vectors.txt: values computed outside Java, so the signer cannot grade itself. */
record SigningVector(String secret, long timestamp, String body, String expectedSignature) {

    byte[] bodyBytes() {
        return body.getBytes(StandardCharsets.UTF_8);
    }

    static List<SigningVector> all() {
        try (InputStream in = SigningVector.class.getResourceAsStream("/signing-vectors.txt")) {
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return text.lines()
                    .filter(line -> !line.isBlank() && !line.startsWith("#"))
                    .map(SigningVector::parse)
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static SigningVector parse(String line) {
        String[] fields = line.split("\t", -1);
        if (fields.length != 4) {
            throw new IllegalStateException("vector line has " + fields.length + " fields: " + line);
        }
        return new SigningVector(fields[0], Long.parseLong(fields[1]), fields[2], fields[3]);
    }

    @Override
    public String toString() {
        return "secret " + secret + " at " + timestamp;
    }
}
