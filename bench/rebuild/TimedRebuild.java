package rebuild;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** One rebuild through query-service's admin API, from the POST until it is no longer RUNNING. */
final class TimedRebuild {

    private TimedRebuild() {}

    /** One rebuild from POST to SUCCEEDED: events per second over that whole time. */
    static double run(HttpClient http, String query, String token, String which) throws Exception {
        long rebuildStart = System.nanoTime();
        String started = send(http, "POST", query + "/api/v1/admin/projections/rebuild", token);
        String id = field(started, "rebuildId");
        String status =
                Polling.poll(Duration.ofMillis(100), Duration.ofMinutes(30), "rebuild " + id + " to finish", () -> {
                    String now = send(http, "GET", query + "/api/v1/admin/projections/rebuild", token);
                    return field(now, "rebuildId").equals(id)
                                    && !field(now, "status").equals("RUNNING")
                            ? now
                            : null;
                });
        double rebuildSeconds = (System.nanoTime() - rebuildStart) / 1e9;
        System.out.printf(
                "rebuild (%s) %s: %s, %s events (%s skipped) in %.1f s from POST to SUCCEEDED (swap and checksums"
                    + " included), %s events/s as the service reports it (start to last batch); checksum %s, previous "
                    + "%s%n",
                which,
                id,
                field(status, "status"),
                field(status, "eventsDone"),
                field(status, "eventsSkipped"),
                rebuildSeconds,
                field(status, "eventsPerSecond"),
                field(status, "checksum"),
                field(status, "previousChecksum"));
        if (!field(status, "status").equals("SUCCEEDED")) {
            throw new IllegalStateException("the rebuild did not succeed: " + status);
        }
        return Long.parseLong(field(status, "eventsDone")) / rebuildSeconds;
    }

    static String send(HttpClient http, String method, String url, String token) throws Exception {
        HttpResponse<String> response = http.send(
                HttpRequest.newBuilder(URI.create(url))
                        .header("X-Admin-Token", token)
                        .method(method, HttpRequest.BodyPublishers.noBody())
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() >= 300) {
            throw new IllegalStateException(
                    method + " " + url + " answered " + response.statusCode() + " " + response.body());
        }
        return response.body();
    }

    static String field(String json, String name) {
        Matcher m = Pattern.compile("\"" + name + "\":(\"([^\"]*)\"|[^,}]*)").matcher(json);
        if (!m.find()) {
            return "?";
        }
        return m.group(2) != null ? m.group(2) : m.group(1);
    }
}
