package io.dispatch.web.request;

import java.net.InetSocketAddress;
import java.util.List;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;

/**
 * The client address a per-IP limit counts. It is the connection's peer, unless that peer is one
 * of {@code dispatch.web.trusted-proxies} (addresses or CIDR ranges, e.g. the nginx front):
 * then it is the last address in {@code X-Forwarded-For} that is not itself a trusted proxy. A
 * client that sends its own {@code X-Forwarded-For} directly is not a trusted proxy, so its header
 * is ignored; behind the front, a spoofed first entry is ignored because the front appends the
 * real peer last.
 */
@Component
public class ClientAddresses {

    public static final String FORWARDED_FOR = "X-Forwarded-For";
    private static final java.util.regex.Pattern LITERAL =
            java.util.regex.Pattern.compile("(?=.*[.:])[0-9a-fA-F:.]{2,45}");

    private final List<Range> trusted;

    public ClientAddresses(ClientAddressProperties properties) {
        this.trusted = properties.trustedProxies().stream()
                .map(String::strip)
                .filter(p -> !p.isEmpty())
                .map(Range::parse)
                .toList();
    }

    public String of(ServerWebExchange exchange) {
        InetSocketAddress remote = exchange.getRequest().getRemoteAddress();
        String peer = remote == null || remote.getAddress() == null
                ? "unknown"
                : remote.getAddress().getHostAddress();
        if (!isTrusted(peer)) {
            return peer;
        }
        List<String> forwarded = exchange.getRequest().getHeaders().getValuesAsList(FORWARDED_FOR);
        for (int i = forwarded.size() - 1; i >= 0; i--) {
            String hop = forwarded.get(i).strip();
            if (hop.isEmpty()) {
                continue;
            }
            if (!LITERAL.matcher(hop).matches()) {
                return peer; // not what a trusted proxy writes: count the proxy rather than a made-up key
            }
            if (!isTrusted(hop)) {
                return hop;
            }
        }
        return peer;
    }

    private boolean isTrusted(String address) {
        if (!LITERAL.matcher(address).matches()) {
            return false;
        }
        byte[] bytes = Range.bytesOf(address);
        return bytes != null && trusted.stream().anyMatch(range -> range.contains(bytes));
    }

    /** An address or CIDR range ({@code 10.0.0.0/8}, {@code ::1}). */
    private record Range(byte[] network, int prefix) {

        static Range parse(String spec) {
            int slash = spec.indexOf('/');
            byte[] network = bytesOf(slash < 0 ? spec : spec.substring(0, slash));
            if (network == null) {
                throw new IllegalArgumentException(
                        "dispatch.web.trusted-proxies: not an address or CIDR range: " + spec);
            }
            int prefix = slash < 0 ? network.length * 8 : Integer.parseInt(spec.substring(slash + 1));
            return new Range(network, prefix);
        }

        static byte[] bytesOf(String literal) {
            try {
                return java.net.InetAddress.getByName(literal).getAddress(); // a literal: no DNS lookup
            } catch (java.net.UnknownHostException e) {
                return null;
            }
        }

        boolean contains(byte[] address) {
            if (address.length != network.length) {
                return false;
            }
            for (int bit = 0; bit < prefix; bit++) {
                int mask = 0x80 >> (bit % 8);
                if ((address[bit / 8] & mask) != (network[bit / 8] & mask)) {
                    return false;
                }
            }
            return true;
        }
    }
}
