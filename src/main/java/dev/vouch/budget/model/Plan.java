package dev.vouch.budget.model;

import java.util.Locale;
import java.util.Optional;

/** API key plans (SPEC 5, 8); names match the api_keys.plan check constraint. */
public enum Plan {
  developer, plus, pro, partner;

  public static Optional<Plan> parse(String raw) {
    if (raw == null) {
      return Optional.empty();
    }
    for (Plan p : values()) {
      if (p.name().equals(raw.trim().toLowerCase(Locale.ROOT))) {
        return Optional.of(p);
      }
    }
    return Optional.empty();
  }
}
