package io.dispatch.webhook.destination;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;

/**
 * Which IP addresses a webhook may go to: public unicast only. Refused: unspecified (0.0.0.0,
 * ::), loopback, private (10/8, 172.16/12, 192.168/16, fc00::/7, fec0::/10), carrier-grade NAT
 * (100.64/10), link-local (169.254/16 with the cloud metadata address, fe80::/10), multicast,
 * broadcast, "this network" (0/8), the IETF protocol block 192.0.0/24, benchmarking 198.18/15
 * and reserved 240/4. Of the IPv6 forms that carry an IPv4 address: IPv4-mapped ::ffff:a.b.c.d
 * and the well-known NAT64 prefix 64:ff9b::/96 are judged by the IPv4 address they carry;
 * IPv4-compatible ::a.b.c.d, the rest of 64:ff9b::/32 (the local-use NAT64 prefix 64:ff9b:1::/48
 * among it, which a site's own translator routes anywhere it is told), Teredo 2001::/32 and 6to4
 * 2002::/16 (tunnels whose relays reach addresses this check cannot see) are refused whole. Also
 * refused: the discard prefix 100::/64, documentation 2001:db8::/32 and ORCHID 2001:10::/28,
 * 2001:20::/28, none of which is a real destination.
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
        if (word(b, 0) == 0x0064 && word(b, 1) == 0xff9b) { // NAT64 64:ff9b::/32
            // only the well-known /96 is judged by its IPv4 address; the local-use 64:ff9b:1::/48 and
            // the rest are a site's own translators, which may reach anything
            return allZero(b, 4, 12) && isPublicV4(new byte[] {b[12], b[13], b[14], b[15]});
        }
        if (word(b, 0) == 0x2001 && word(b, 1) == 0x0000) { // Teredo 2001::/32
            return false;
        }
        if (word(b, 0) == 0x2002) { // 6to4 2002::/16
            return false;
        }
        if (word(b, 0) == 0x0100 && allZero(b, 2, 8)) { // discard-only 100::/64
            return false;
        }
        if (word(b, 0) == 0x2001 && word(b, 1) == 0x0db8) { // documentation 2001:db8::/32
            return false;
        }
        int orchid = word(b, 1) & 0xfff0;
        return !(word(b, 0) == 0x2001 && (orchid == 0x0010 || orchid == 0x0020)); // ORCHID, ORCHIDv2
    }

    /** The {@code index}th 16-bit group of an IPv6 address. */
    private static int word(byte[] b, int index) {
        return ((b[2 * index] & 0xff) << 8) | (b[2 * index + 1] & 0xff);
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
