package io.dispatch.deploy.ops;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One server the nginx front proxies to, as its environment names it: {@code host:port} in
 * COMMAND_UPSTREAM, QUERY_UPSTREAM or DISPATCHER_UPSTREAM (servers apart by spaces or commas).
 * Compose and the Kubernetes manifests both set these; their tests check each server is served.
 */
record FrontUpstream(String variable, String server, String host, String port) {

    static final List<String> VARIABLES = List.of("COMMAND_UPSTREAM", "QUERY_UPSTREAM", "DISPATCHER_UPSTREAM");

    /** Every server the environment's upstream settings name, in order; port is null when not {@code host:port}. */
    static List<FrontUpstream> in(Map<String, String> env) {
        List<FrontUpstream> servers = new ArrayList<>();
        for (String variable : VARIABLES) {
            String value = env.get(variable);
            if (value == null) {
                continue;
            }
            for (String server : value.split("[\\s,]+")) {
                String[] hostPort = server.split(":");
                servers.add(
                        new FrontUpstream(variable, server, hostPort[0], hostPort.length == 2 ? hostPort[1] : null));
            }
        }
        return servers;
    }
}
