package io.dispatch.webhook.destination;

import io.netty.resolver.AbstractAddressResolver;
import io.netty.resolver.AddressResolver;
import io.netty.resolver.AddressResolverGroup;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.Promise;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Arrays;
import java.util.List;

/**
 * The webhook HTTP client's resolver: resolves the host (off the event loop), then refuses the
 * connection unless every address is public ({@link TargetPolicy#checkAddresses}). Addresses
 * that arrive already resolved (IP literals) are checked too, so the check sits on the address
 * actually connected to, after DNS: a name that resolves to a private address at send time
 * (DNS rebinding) is refused even though it passed at registration.
 */
public final class PublicAddressResolverGroup extends AddressResolverGroup<InetSocketAddress> {

    private final TargetPolicy policy;

    public PublicAddressResolverGroup(TargetPolicy policy) {
        this.policy = policy;
    }

    @Override
    protected AddressResolver<InetSocketAddress> newResolver(EventExecutor executor) {
        return new AbstractAddressResolver<>(executor, InetSocketAddress.class) {
            @Override
            protected boolean doIsResolved(InetSocketAddress address) {
                return false; // so literals reach doResolve and are checked as well
            }

            @Override
            protected void doResolve(InetSocketAddress address, Promise<InetSocketAddress> promise) {
                lookUp(address, all -> promise.trySuccess(all.getFirst()), promise::tryFailure);
            }

            @Override
            protected void doResolveAll(InetSocketAddress address, Promise<List<InetSocketAddress>> promise) {
                lookUp(address, promise::trySuccess, promise::tryFailure);
            }
        };
    }

    private void lookUp(
            InetSocketAddress address,
            java.util.function.Consumer<List<InetSocketAddress>> done,
            java.util.function.Consumer<Throwable> failed) {
        if (!address.isUnresolved()) {
            check(address.getHostString(), List.of(address), done, failed);
            return;
        }
        // InetAddress lookups block: never on the event loop
        Thread.ofVirtual().name("webhook-dns").start(() -> {
            try {
                InetAddress[] found = InetAddress.getAllByName(TargetPolicy.unbracketed(address.getHostString()));
                check(
                        address.getHostString(),
                        Arrays.stream(found)
                                .map(a -> new InetSocketAddress(a, address.getPort()))
                                .toList(),
                        done,
                        failed);
            } catch (Exception e) {
                failed.accept(e);
            }
        });
    }

    private void check(
            String host,
            List<InetSocketAddress> addresses,
            java.util.function.Consumer<List<InetSocketAddress>> done,
            java.util.function.Consumer<Throwable> failed) {
        try {
            policy.checkAddresses(
                    host, addresses.stream().map(InetSocketAddress::getAddress).toArray(InetAddress[]::new));
            done.accept(addresses);
        } catch (TargetPolicy.RefusedTarget e) {
            failed.accept(e);
        }
    }
}
