package webhooks;

/**
 * Webhook figures against a running dispatch (bench/webhooks.sh starts one).
 *
 *   java bench/webhooks/WebhookBench.java throughput <baseUrl> <adminToken> <merchants> <bulksPerMerchant> <answerDelayMs>
 *     Each merchant's endpoint is a path of one receiver on 127.0.0.1 answering 200 after answerDelayMs. The
 *     merchants bulk-create merchants × bulks × 500 deliveries at once; prints the rate from the first to the
 *     last webhook, the peak backlog (pending notifications) and, when a backlog was left when creation ended,
 *     the rate at which it drained (DrainRate).
 *
 *   java bench/webhooks/WebhookBench.java latency <baseUrl> <adminToken> <createsPerSecond> <seconds>
 *     Open loop: creates at a fixed rate (one merchant, 30 API keys so the per-key rate limit is not hit) and
 *     measures from sending each POST to the receiver getting its dispatch.created (CreateLatency).
 */
public class WebhookBench {

    private WebhookBench() {}

    public static void main(String[] args) throws Exception {
        switch (args[0]) {
            case "throughput" ->
                DrainRate.run(
                        args[1],
                        args[2],
                        Integer.parseInt(args[3]),
                        Integer.parseInt(args[4]),
                        Integer.parseInt(args[5]));
            case "latency" -> CreateLatency.run(args[1], args[2], Integer.parseInt(args[3]), Integer.parseInt(args[4]));
            default -> throw new IllegalArgumentException(args[0]);
        }
    }
}
