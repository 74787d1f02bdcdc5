package io.dispatch.web.identity;

/**
 * What an operator account may do (decisions.md section 16). {@code ADMIN} may do everything; the
 * others only what a route's {@link OperatorAccess} grants them.
 */
public enum OperatorRole {
    /** Everything, including merchants, keys, webhooks, zones, pricing and operator accounts. */
    ADMIN,
    /** Riders, assignments, the queue, policies and the console. */
    DISPATCHER,
    /** Read only: audit, decisions, stats, rebuild status, dead letters. */
    AUDITOR;

    /** The Spring Security authority an operator of this role holds, beside {@code ROLE_OPERATOR}. */
    public String authority() {
        return "ROLE_" + name();
    }
}
