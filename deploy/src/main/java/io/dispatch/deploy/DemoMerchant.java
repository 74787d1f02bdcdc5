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
 * The local run's demo merchant and API key. The key is kept in the data directory (only
 * there: the database holds just its hash), so a second start prints the same key.
 */
@Component
public class DemoMerchant {

  private final MerchantAccounts accounts;

  public DemoMerchant(MerchantAccounts accounts) {
    this.accounts = accounts;
  }

  public record Demo(UUID merchantId, String apiKey) {}

  public Demo ensure(Path file) {
    Properties saved = new Properties();
    try {
      if (Files.exists(file)) {
        try (Reader reader = Files.newBufferedReader(file)) {
          saved.load(reader);
        }
        UUID merchantId = UUID.fromString(saved.getProperty("merchantId"));
        if (accounts.findMerchant(merchantId).isPresent()) {
          return new Demo(merchantId, saved.getProperty("apiKey"));
        }
      }
      var merchant = accounts.createMerchant("Demo Merchant");
      var key = accounts.issueKey(merchant.id(), EnumSet.allOf(Scope.class));
      saved.setProperty("merchantId", merchant.id().toString());
      saved.setProperty("apiKey", key.apiKey());
      Files.createDirectories(file.getParent());
      try (Writer writer = Files.newBufferedWriter(file)) {
        saved.store(writer, "dispatch local run: demo merchant (do not use in production)");
      }
      return new Demo(merchant.id(), key.apiKey());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
