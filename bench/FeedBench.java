import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The pull feed's read rate (bench/feed.sh): {@code clients} readers each page through a merchant's
 * whole feed from the start, {@code limit} events a page, over HTTP, until an empty page; prints
 * each reader's events per second and the total. Usage:
 * {@code java bench/FeedBench.java <base url> <api key> <clients> <limit>}
 */
public class FeedBench {

    private static final Pattern NEXT = Pattern.compile("\"nextCursor\":\"([A-Za-z0-9_-]+)\"");
    private static final Pattern ID = Pattern.compile("\\{\"id\":\"");

    public static void main(String[] args) throws Exception {
        String base = args[0];
        String key = args[1];
        int clients = Integer.parseInt(args[2]);
        int limit = Integer.parseInt(args[3]);
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        List<Future<long[]>> readers = new ArrayList<>();
        long started = System.nanoTime();
        for (int c = 0; c < clients; c++) {
            readers.add(pool.submit((Callable<long[]>) () -> read(base, key, limit)));
        }
        long total = 0;
        for (Future<long[]> reader : readers) {
            long[] result = reader.get();
            total += result[0];
            System.out.printf(
                    "READER events=%d pages=%d seconds=%.2f events_per_s=%.0f%n",
                    result[0], result[1], result[2] / 1e9, result[0] / (result[2] / 1e9));
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        System.out.printf(
                "TOTAL clients=%d events=%d seconds=%.2f events_per_s=%.0f%n",
                clients, total, seconds, total / seconds);
        pool.shutdown();
    }

    private static long[] read(String base, String key, int limit) throws Exception {
        HttpClient http =
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        String cursor = null;
        long events = 0;
        long pages = 0;
        long started = System.nanoTime();
        while (true) {
            String uri = base + "/api/v1/external/events?limit=" + limit + (cursor == null ? "" : "&after=" + cursor);
            HttpResponse<String> answer = http.send(
                    HttpRequest.newBuilder(URI.create(uri))
                            .header("X-API-Key", key)
                            .timeout(Duration.ofSeconds(60))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            if (answer.statusCode() != 200) {
                throw new IllegalStateException("HTTP " + answer.statusCode() + ": " + answer.body());
            }
            pages++;
            int found = 0;
            Matcher ids = ID.matcher(answer.body());
            while (ids.find()) {
                found++;
            }
            Matcher next = NEXT.matcher(answer.body());
            if (!next.find()) {
                throw new IllegalStateException("no nextCursor: " + answer.body());
            }
            cursor = next.group(1);
            if (found == 0) {
                return new long[] {events, pages, System.nanoTime() - started};
            }
            events += found;
        }
    }
}
