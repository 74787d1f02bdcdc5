package io.dispatch.webhook.destination;

import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.Locale;

/**
 * Where webhooks may go: absolute https URLs whose host resolves only to public addresses.
 * Checked when the URL is registered and again, after DNS resolution, when each attempt
 * connects ({@link PublicAddressResolverGroup}), so a name that later resolves to a private
 * address is still refused. {@code dispatch.webhook.allow-insecure-targets=true} lifts both
 * checks (local run and tests only); the bean is declared in {@code WebhookDispatcherConfiguration}.
 */
public class TargetPolicy {

    static final int MAX_URL_LENGTH = 2048;

    private final boolean allowInsecure;

    public TargetPolicy(boolean allowInsecure) {
        this.allowInsecure = allowInsecure;
    }

    public boolean allowInsecure() {
        return allowInsecure;
    }

    /** Thrown with a message fit for a merchant-facing field error. */
    public static final class RefusedTarget extends RuntimeException {
        public RefusedTarget(String message) {
            super(message, null, false, false);
        }
    }

    /** The URL as registered, or {@link RefusedTarget} saying why not. */
    public URI checkRegistration(String url) {
        if (url == null || url.isBlank()) {
            throw new RefusedTarget("must be an absolute https URL");
        }
        if (url.length() > MAX_URL_LENGTH) {
            throw new RefusedTarget("must be at most " + MAX_URL_LENGTH + " characters");
        }
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw new RefusedTarget("must be an absolute https URL");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (uri.getHost() == null || !(scheme.equals("https") || scheme.equals("http"))) {
            throw new RefusedTarget("must be an absolute https URL");
        }
        if (uri.getRawUserInfo() != null) {
            throw new RefusedTarget("must not carry credentials");
        }
        if (uri.getRawFragment() != null) {
            throw new RefusedTarget("must not have a fragment");
        }
        if (allowInsecure) {
            return uri;
        }
        if (!scheme.equals("https")) {
            throw new RefusedTarget("must use https");
        }
        InetAddress[] addresses;
        try {
            addresses = InetAddress.getAllByName(unbracketed(uri.getHost()));
        } catch (UnknownHostException e) {
            throw new RefusedTarget("host " + uri.getHost() + " does not resolve");
        }
        checkAddresses(uri.getHost(), addresses);
        return uri;
    }

    /** Every address a name resolves to must be public; one private answer refuses the name. */
    public void checkAddresses(String host, InetAddress... addresses) {
        if (allowInsecure) {
            return;
        }
        for (InetAddress address : addresses) {
            if (!TargetAddresses.isPublic(address)) {
                // never the address itself: the answer would map the operator's internal network
                throw new RefusedTarget(
                        "host " + host + " resolves to a non-public address; webhooks go to public addresses only");
            }
        }
    }

    static String unbracketed(String host) {
        return host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
    }
}
