package io.dispatch.webhook.destination;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;

/**
 * Which IP addresses a webhook may go to: public unicast only. Refused: unspecified (0.0.0.0,
 * ::), loopback, private (10/8, 172.16/12, 192.168/16, fc00::/7, fec0::/10), carrier-grade NAT
 * (100.64/10), link-local (169.254/16 with the cloud metadata address, fe80::/10), multicast,
 * broadcast, "this network" (0/8), the IETF protocol block 192.0.0/24, benchmarking 198.18/15
 * and reserved 240/4, and IPv6 forms that embed an IPv4 address (::ffff:a.b.c.d, NAT64
 * 64:ff9b::/96, 6to4 2002::/16) when the embedded address is refused.
 */
public final class TargetAddresses {

    private TargetAddresses() {}

    public static boolean isPublic(InetAddress address) {
        if (address.isAnyLocalAddress()
                || address.isLoopbackAddress()
                || address.isLinkLocalAddress()
                || address.isSiteLocalAddress()
                || address.isMulticastAddress()) {
            return false;
        }
        byte[] b = address.getAddress();
        return switch (address) {
            case Inet4Address v4 -> isPublicV4(b);
            case Inet6Address v6 -> isPublicV6(b);
            default -> false;
        };
    }

    private static boolean isPublicV4(byte[] b) {
        int first = b[0] & 0xff;
        int second = b[1] & 0xff;
        return !(first == 0 // this network
                || first == 10
                || first == 127
                || (first == 100 && second >= 64 && second <= 127) // carrier-grade NAT
                || (first == 169 && second == 254)
                || (first == 172 && second >= 16 && second <= 31)
                || (first == 192 && second == 168)
                || (first == 192 && second == 0 && (b[2] & 0xff) == 0) // IETF protocol assignments
                || (first == 198 && (second == 18 || second == 19)) // benchmarking
                || first >= 224); // multicast, reserved, broadcast
    }

    private static boolean isPublicV6(byte[] b) {
        int first = b[0] & 0xff;
        if ((first & 0xfe) == 0xfc) { // unique local fc00::/7
            return false;
        }
        if (allZero(b, 0, 10) && (b[10] & 0xff) == 0xff && (b[11] & 0xff) == 0xff) { // ::ffff:a.b.c.d
            return isPublicV4(new byte[] {b[12], b[13], b[14], b[15]});
        }
        if (allZero(b, 0, 12)) { // ::a.b.c.d (deprecated compatible form), ::, ::1
            return false;
        }
        if (first == 0x00 && (b[1] & 0xff) == 0x64 && (b[2] & 0xff) == 0xff && (b[3] & 0xff) == 0x9b) { // NAT64
            return isPublicV4(new byte[] {b[12], b[13], b[14], b[15]});
        }
        if (first == 0x20 && (b[1] & 0xff) == 0x02) { // 6to4
            return isPublicV4(new byte[] {b[2], b[3], b[4], b[5]});
        }
        return true;
    }

    private static boolean allZero(byte[] bytes, int from, int to) {
        for (int i = from; i < to; i++) {
            if (bytes[i] != 0) {
                return false;
            }
        }
        return true;
    }
}
