package io.dispatch.deploy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Sends a {@link FuzzRequest} over real HTTP: with the JDK client when the client will write it,
 * else on a raw socket (bent or as written). A text/event-stream answer is read up to its first
 * event and then closed, over either transport: the tracking stream of a live delivery never ends
 * by itself.
 */
final class FuzzTransport implements AutoCloseable {

    /** An answer, or the transport failure that came instead of one. */
    record Answer(
            int status, Map<String, List<String>> headers, byte[] body, long millis, Exception failure, boolean raw) {
        String header(String name) {
            List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
            return values == null || values.isEmpty() ? null : values.getFirst();
        }

        String text() {
            return body == null ? "" : new String(body, StandardCharsets.UTF_8);
        }
    }

    static final Duration DEADLINE = Duration.ofSeconds(30);
    private static final Pattern KEY = Pattern.compile("\\{key:([ABC])(?::(read))?}");
    private static final int MAX_BODY = 8 * 1024 * 1024;

    private final URI base;
    private final FuzzWorld world;
    private final HttpClient client = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .build();
    private final ScheduledExecutorService watchdog = Executors.newSingleThreadScheduledExecutor();

    FuzzTransport(String baseUrl, FuzzWorld world) {
        this.base = URI.create(baseUrl);
        this.world = world;
    }

    /** The request with its credential placeholders filled from the key pool. */
    FuzzRequest resolve(FuzzRequest request) throws Exception {
        List<Map.Entry<String, String>> headers = new ArrayList<>();
        for (var header : request.headers()) {
            Matcher m = KEY.matcher(header.getValue());
            String value = header.getValue();
            if (m.find()) {
                value = value.substring(0, m.start())
                        + world.key(m.group(1), m.group(2) == null ? "" : m.group(2))
                        + value.substring(m.end());
            }
            headers.add(Map.entry(header.getKey(), value));
        }
        return request.withHeaders(headers);
    }

    Answer send(FuzzRequest request) {
        if (request.bend() != null) {
            return raw(request, request.bend());
        }
        HttpRequest built;
        try {
            built = build(request);
        } catch (IllegalArgumentException unsendable) {
            // a target or header value the JDK client refuses to write: a client in the wild need not
            return raw(request, FuzzRawBend.PLAIN);
        }
        long start = System.nanoTime();
        try {
            HttpResponse<InputStream> response = client.send(built, HttpResponse.BodyHandlers.ofInputStream());
            Map<String, List<String>> headers = new TreeMap<>();
            response.headers().map().forEach((k, v) -> headers.put(k.toLowerCase(Locale.ROOT), v));
            String type = response.headers().firstValue("content-type").orElse("");
            byte[] body = read(response.body(), type.startsWith("text/event-stream"));
            return new Answer(response.statusCode(), headers, body, millis(start), null, false);
        } catch (IOException | InterruptedException e) {
            return new Answer(-1, Map.of(), null, millis(start), e, false);
        }
    }

    private HttpRequest build(FuzzRequest request) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(base + request.target()))
                .timeout(DEADLINE)
                // as curl does above 1 MiB (and DispatchUnderTest.sendBytes): a body the service refuses before
                // reading it (a bad credential, a declared length over the limit) gets its answer instead of racing
                // the service's close of the connection (the fuzzer once saw no answer to a 4 MB proof-media body)
                .expectContinue(request.body() != null && request.body().length > 1024 * 1024)
                .method(
                        request.method(),
                        request.body() == null
                                ? HttpRequest.BodyPublishers.noBody()
                                : HttpRequest.BodyPublishers.ofByteArray(request.body()));
        for (var header : request.headers()) {
            if (header.getValue().chars().anyMatch(c -> c > 0x7e)) {
                // the JDK client writes such a character as '?': the raw socket sends its ISO-8859-1 byte
                throw new IllegalArgumentException("non-ASCII header value");
            }
            builder.header(header.getKey(), header.getValue());
        }
        return builder.build();
    }

    /** The whole body, or of an event stream the first event; closed by the watchdog at the deadline. */
    private byte[] read(InputStream in, boolean stream) throws IOException {
        var deadline = watchdog.schedule(
                () -> {
                    in.close();
                    return null;
                },
                DEADLINE.toSeconds(),
                TimeUnit.SECONDS);
        try (in) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buffer = new byte[8192];
            for (int n = in.read(buffer); n >= 0 && out.size() < MAX_BODY; n = in.read(buffer)) {
                out.write(buffer, 0, n);
                if (stream && out.toString(StandardCharsets.UTF_8).contains("\n\n")) {
                    break;
                }
            }
            return out.toByteArray();
        } finally {
            deadline.cancel(false);
        }
    }

    private Answer raw(FuzzRequest request, FuzzRawBend bend) {
        long start = System.nanoTime();
        byte[] bytes = bend.build(
                request.method(),
                request.target(),
                request.headers(),
                request.body(),
                base.getHost() + ":" + base.getPort());
        ByteArrayOutputStream received = new ByteArrayOutputStream();
        try (Socket socket = new Socket(base.getHost(), base.getPort())) {
            socket.setSoTimeout((int) DEADLINE.toMillis());
            try {
                OutputStream out = socket.getOutputStream();
                out.write(bytes);
                out.flush();
                if (bend.halfClose()) {
                    socket.shutdownOutput();
                }
            } catch (SocketException refusedWhileWriting) {
                // the server answered and closed before reading all we sent: its answer may still be readable
            }
            InputStream in = socket.getInputStream();
            byte[] buffer = new byte[8192];
            try {
                for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                    received.write(buffer, 0, n);
                    if (firstEventOfAStream(received)) {
                        break; // as over the client: the tracking stream of a live delivery never ends by itself
                    }
                }
            } catch (SocketException | SocketTimeoutException cut) {
                if (received.size() == 0) {
                    throw cut;
                }
            }
            if (received.size() == 0) {
                throw new SocketException("closed without an answer");
            }
            return parse(received.toByteArray(), millis(start));
        } catch (IOException e) {
            return new Answer(-1, Map.of(), null, millis(start), e, true);
        }
    }

    /** True once a raw answer is an event stream whose first event has arrived. */
    private static boolean firstEventOfAStream(ByteArrayOutputStream received) {
        String text = received.toString(StandardCharsets.ISO_8859_1);
        int end = text.indexOf("\r\n\r\n");
        return end > 0
                && text.substring(0, end).toLowerCase(Locale.ROOT).contains("content-type: text/event-stream")
                && text.indexOf("\n\n", end + 4) > 0;
    }

    /** Status line, headers and body (plain or chunked) of the last non-1xx answer. */
    static Answer parse(byte[] bytes, long millis) {
        String text = new String(bytes, StandardCharsets.ISO_8859_1);
        int at = 0;
        while (text.startsWith("HTTP/1.1 1", at) && text.indexOf("\r\n\r\n", at) > 0) {
            at = text.indexOf("\r\n\r\n", at) + 4; // 100 Continue
        }
        int end = text.indexOf("\r\n\r\n", at);
        if (end < 0) {
            return new Answer(
                    -1,
                    Map.of(),
                    bytes,
                    millis,
                    new IOException("no complete answer: " + FuzzRequest.shorten(FuzzRequest.visible(text), 200)),
                    true);
        }
        String[] head = text.substring(at, end).split("\r\n");
        int status = Integer.parseInt(head[0].split(" ")[1]);
        Map<String, List<String>> headers = new TreeMap<>();
        for (int i = 1; i < head.length; i++) {
            int colon = head[i].indexOf(':');
            headers.computeIfAbsent(head[i].substring(0, colon).trim().toLowerCase(Locale.ROOT), k -> new ArrayList<>())
                    .add(head[i].substring(colon + 1).trim());
        }
        byte[] body = java.util.Arrays.copyOfRange(bytes, end + 4, bytes.length);
        if (headers.getOrDefault("transfer-encoding", List.of()).contains("chunked")) {
            body = dechunk(body);
        }
        return new Answer(status, headers, body, millis, null, true);
    }

    private static byte[] dechunk(byte[] chunked) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        String text = new String(chunked, StandardCharsets.ISO_8859_1);
        int at = 0;
        while (at < text.length()) {
            int lineEnd = text.indexOf("\r\n", at);
            if (lineEnd < 0) {
                break;
            }
            int size = Integer.parseInt(text.substring(at, lineEnd).trim().split(";")[0], 16);
            if (size == 0) {
                break;
            }
            body.write(chunked, lineEnd + 2, Math.min(size, chunked.length - lineEnd - 2));
            at = lineEnd + 2 + size + 2;
        }
        return body.toByteArray();
    }

    private static long millis(long start) {
        return (System.nanoTime() - start) / 1_000_000;
    }

    @Override
    public void close() {
        watchdog.shutdownNow();
        client.close();
    }
}
