package io.dispatch.accounts.operator;

import java.util.UUID;
import org.springframework.session.jdbc.JdbcIndexedSessionRepository;
import org.springframework.stereotype.Component;

/** The console sessions of operator accounts, found by the name Spring Session indexes them by. */
@Component
public class OperatorSessions {

    private final JdbcIndexedSessionRepository sessions;

    public OperatorSessions(JdbcIndexedSessionRepository sessions) {
        this.sessions = sessions;
    }

    /** The principal name a console session of this account is indexed by. */
    static String principal(UUID operatorId) {
        return "operator:" + operatorId;
    }

    /** Ends every session of the account; answers how many there were. Blocking JDBC. */
    int endAll(UUID operatorId) {
        var found = sessions.findByPrincipalName(principal(operatorId)).keySet();
        found.forEach(sessions::deleteById);
        return found.size();
    }
}
