package io.dispatch.deploy;

import io.dispatch.web.identity.MerchantAccounts;
import io.dispatch.web.identity.Scope;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Properties;
import java.util.UUID;
import org.springframework.stereotype.Component;

/**
 * The local run's two merchants and their API keys: a demo merchant whose deliveries wait for
 * people (operators and riders), and a sandbox merchant whose deliveries the simulated riders
 * take and drive to the end. The keys are kept in the data directory (only there: the database
 * holds just their hashes), so a second start prints the same keys.
 */
@Component
public class DemoMerchant {

    private final MerchantAccounts accounts;

    public DemoMerchant(MerchantAccounts accounts) {
        this.accounts = accounts;
    }

    public record Account(UUID merchantId, String apiKey) {}

    public record Demo(Account demo, Account sandbox) {}

    public Demo ensure(Path file) {
        Properties saved = new Properties();
        try {
            if (Files.exists(file)) {
                try (Reader reader = Files.newBufferedReader(file)) {
                    saved.load(reader);
                }
            }
            boolean changed = false;
            Account demo = existing(saved, "");
            if (demo == null) {
                demo = create(saved, "", "Demo Merchant", false);
                changed = true;
            }
            Account sandbox = existing(saved, "sandbox.");
            if (sandbox == null) {
                sandbox = create(saved, "sandbox.", "Sandbox Merchant", true);
                changed = true;
            }
            if (changed) {
                Files.createDirectories(file.getParent());
                try (Writer writer = Files.newBufferedWriter(file)) {
                    saved.store(writer, "dispatch local run: demo and sandbox merchants (do not use in production)");
                }
            }
            return new Demo(demo, sandbox);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Account existing(Properties saved, String prefix) {
        String id = saved.getProperty(prefix + "merchantId");
        if (id == null) {
            return null;
        }
        UUID merchantId = UUID.fromString(id);
        return accounts.findMerchant(merchantId).isPresent()
                ? new Account(merchantId, saved.getProperty(prefix + "apiKey"))
                : null;
    }

    private Account create(Properties saved, String prefix, String name, boolean sandbox) {
        var merchant = accounts.createMerchant(name, sandbox);
        var key = accounts.issueKey(merchant.id(), EnumSet.allOf(Scope.class));
        saved.setProperty(prefix + "merchantId", merchant.id().toString());
        saved.setProperty(prefix + "apiKey", key.apiKey());
        return new Account(merchant.id(), key.apiKey());
    }
}
