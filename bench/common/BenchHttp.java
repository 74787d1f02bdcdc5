package common;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The HTTP calls the bench programs make to set a run up (merchants, keys, endpoints) and the one
 * JSON field they read back. Java's multi-file source launcher (JDK 22+) compiles this file with
 * the program that uses it: `java bench/MerchantApiBench.java` finds it under bench/common/.
 */
public final class BenchHttp {

    public static final HttpClient HTTP = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .build();

    private BenchHttp() {}

    /** One JSON call that must succeed: any status of 300 or more stops the run with the answer. */
    public static HttpResponse<String> call(
            String base, String method, String path, Map<String, String> headers, String body, Duration timeout)
            throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path))
                .timeout(timeout)
                .method(
                        method,
                        body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (body != null) request.header("Content-Type", "application/json");
        headers.forEach(request::header);
        HttpResponse<String> response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() >= 300) {
            throw new IllegalStateException(
                    method + " " + path + " -> " + response.statusCode() + " " + response.body());
        }
        return response;
    }

    /** The first string value of {@code name} in a JSON text. */
    public static String field(String json, String name) {
        Matcher m = Pattern.compile("\"" + name + "\"\\s*:\\s*\"([^\"]+)\"").matcher(json);
        if (!m.find()) throw new IllegalStateException("no " + name + " in " + json);
        return m.group(1);
    }
}
