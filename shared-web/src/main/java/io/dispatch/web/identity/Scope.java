package io.dispatch.web.identity;

import java.util.Locale;

public enum Scope {
  READ,
  WRITE;

  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static Scope fromWireName(String name) {
    return valueOf(name.trim().toUpperCase(Locale.ROOT));
  }
}
