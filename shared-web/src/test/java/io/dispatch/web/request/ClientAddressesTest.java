package io.dispatch.web.request;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;

class ClientAddressesTest {

    private final ClientAddresses behindFront =
            new ClientAddresses(new ClientAddressProperties(List.of("10.0.0.0/8", "127.0.0.1")));

    private static MockServerWebExchange from(String peer, String... forwardedFor) {
        MockServerHttpRequest.BaseBuilder<?> request =
                MockServerHttpRequest.get("/api/v1/track/x").remoteAddress(new InetSocketAddress(peer, 40000));
        for (String value : forwardedFor) {
            request.header(ClientAddresses.FORWARDED_FOR, value);
        }
        return MockServerWebExchange.from(request);
    }

    @Test
    void a_client_that_is_not_a_trusted_proxy_is_counted_by_its_own_address_whatever_it_forwards() {
        assertThat(behindFront.of(from("203.0.113.7", "198.51.100.1"))).isEqualTo("203.0.113.7");
        ClientAddresses trustingNoOne = new ClientAddresses(new ClientAddressProperties(List.of()));
        assertThat(trustingNoOne.of(from("127.0.0.1", "198.51.100.1"))).isEqualTo("127.0.0.1");
    }

    @Test
    void behind_a_trusted_front_the_client_is_the_last_address_the_front_did_not_add_itself() {
        assertThat(behindFront.of(from("10.1.2.3", "198.51.100.1"))).isEqualTo("198.51.100.1");
        // a client that spoofs a first entry cannot choose its bucket: the front appends the real peer
        assertThat(behindFront.of(from("10.1.2.3", "1.2.3.4, 198.51.100.1"))).isEqualTo("198.51.100.1");
        // two trusted hops (a load balancer, then the front)
        assertThat(behindFront.of(from("127.0.0.1", "198.51.100.9, 10.9.9.9"))).isEqualTo("198.51.100.9");
    }

    @Test
    void a_trusted_proxy_that_forwards_nothing_usable_is_counted_itself() {
        assertThat(behindFront.of(from("10.1.2.3"))).isEqualTo("10.1.2.3");
        assertThat(behindFront.of(from("10.1.2.3", "not-an-address"))).isEqualTo("10.1.2.3");
    }
}
