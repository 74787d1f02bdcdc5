package io.dispatch.accounts.merchant;

import io.dispatch.web.identity.MerchantAccounts;
import java.sql.Timestamp;
import java.time.Clock;
import java.util.Optional;
import java.util.UUID;
import javax.sql.DataSource;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/** Dashboard accounts (accounts.accounts): one per merchant, made at signup with its merchant. */
@Component
class Accounts {

    record Account(UUID id, String email, String passwordHash, UUID merchantId) {}

    private final JdbcTemplate jdbc;
    private final TransactionTemplate transactions;
    private final MerchantAccounts merchants;
    private final Clock clock;

    Accounts(DataSource dataSource, MerchantAccounts merchants, Clock clock) {
        this.jdbc = new JdbcTemplate(dataSource);
        this.transactions = new TransactionTemplate(new DataSourceTransactionManager(dataSource));
        this.merchants = merchants;
        this.clock = clock;
    }

    /** The new merchant and its account in one transaction; empty when the email is taken. */
    Optional<Account> signUp(String email, String passwordHash, String businessName, boolean sandbox) {
        try {
            return Optional.of(transactions.execute(status -> {
                UUID merchantId =
                        merchants.createMerchant(businessName, sandbox).id();
                UUID id = UUID.randomUUID();
                jdbc.update(
                        "insert into accounts.accounts (id, email, password_hash, merchant_id, created_at) values (?, ?, ?, ?, ?)",
                        id,
                        email,
                        passwordHash,
                        merchantId,
                        Timestamp.from(clock.instant()));
                return new Account(id, email, passwordHash, merchantId);
            }));
        } catch (DuplicateKeyException taken) {
            return Optional.empty();
        }
    }

    Optional<Account> findByEmail(String email) {
        return jdbc
                .query(
                        "select id, email, password_hash, merchant_id from accounts.accounts where lower(email) = lower(?)",
                        (rs, i) -> new Account(
                                rs.getObject("id", UUID.class),
                                rs.getString("email"),
                                rs.getString("password_hash"),
                                rs.getObject("merchant_id", UUID.class)),
                        email)
                .stream()
                .findFirst();
    }
}
