package io.dispatch.webhook.destination;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TargetAddressesTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "0.0.0.0",
                "0.1.2.3",
                "127.0.0.1",
                "127.255.0.9",
                "10.0.0.1",
                "10.255.255.255",
                "172.16.0.1",
                "172.31.255.1",
                "192.168.1.1",
                "169.254.169.254",
                "100.64.0.1",
                "100.127.255.254",
                "192.0.0.8",
                "198.18.0.1",
                "224.0.0.1",
                "239.255.255.250",
                "240.0.0.1",
                "255.255.255.255",
                "::",
                "::1",
                "fe80::1",
                "fc00::1",
                "fd12:3456::1",
                "fec0::1",
                "ff02::1",
                "::ffff:127.0.0.1",
                "::ffff:10.1.2.3",
                "::127.0.0.1",
                "64:ff9b::a00:1",
                "64:ff9b::7f00:1",
                "64:ff9b:1::a00:1",
                "64:ff9b:1:a00:1:0:808:808",
                "64:ff9b:1:a00:1::",
                "64:ff9b:1:808:808::",
                "64:ff9b:0:0:1::808:808",
                "2001:0:4136:e378:8000:63bf:3fff:fdd2",
                "2001::1",
                "2002:c0a8:101::1",
                "2002:808:808::1",
                "2002:7f00:1::1",
                "100::1",
                "2001:db8::1",
                "2001:10::1",
                "2001:20::1"
            })
    void non_public_addresses_are_refused(String address) throws Exception {
        assertThat(TargetAddresses.isPublic(InetAddress.getByName(address)))
                .as(address)
                .isFalse();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "1.1.1.1",
                "8.8.8.8",
                "93.184.216.34",
                "172.15.255.255",
                "172.32.0.1",
                "100.63.255.255",
                "100.128.0.1",
                "169.253.1.1",
                "192.169.0.1",
                "198.20.0.1",
                "223.255.255.254",
                "2606:4700:4700::1111",
                "2001:4860:4860::8888",
                "::ffff:8.8.8.8",
                "64:ff9b::808:808",
                "2001:4860:4860::8844",
                "2001:200::1",
                "2a00:1450:4001:80b::200e"
            })
    void public_addresses_are_allowed(String address) throws Exception {
        assertThat(TargetAddresses.isPublic(InetAddress.getByName(address)))
                .as(address)
                .isTrue();
    }

    @Test
    void one_private_answer_refuses_a_name_that_also_resolves_publicly() throws Exception {
        TargetPolicy policy = new TargetPolicy(false);
        assertThatThrownBy(() -> policy.checkAddresses(
                        "rebind.example", InetAddress.getByName("93.184.216.34"), InetAddress.getByName("10.0.0.7")))
                .isInstanceOf(TargetPolicy.RefusedTarget.class)
                .hasMessageContaining("rebind.example resolves to a non-public address")
                .as("the internal address is never echoed")
                .message()
                .doesNotContain("10.0.0.7");
        policy.checkAddresses("example.com", InetAddress.getByName("93.184.216.34"));
        new TargetPolicy(true).checkAddresses("local", InetAddress.getByName("127.0.0.1"));
    }
}
