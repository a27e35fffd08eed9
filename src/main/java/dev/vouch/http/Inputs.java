package dev.vouch.http;

import dev.vouch.decision.model.Entries;
import dev.vouch.decision.model.UseCase;
import dev.vouch.error.ApiError;
import java.util.Locale;

/** Validation of client-supplied identifiers; everything is checked before it reaches a consumer. */
public final class Inputs {

  private Inputs() {}

  /** Lowercase wallet, or INVALID_WALLET. */
  public static String wallet(String raw) {
    if (raw == null || !Entries.isAddress(raw)) {
      throw ApiError.invalidWallet();
    }
    return raw.toLowerCase(Locale.ROOT);
  }

  public static boolean isWallet(String raw) {
    return raw != null && Entries.isAddress(raw);
  }

  /** A username of the form {@code <name>.<suffix>}, 2 to 64 characters, or INVALID_USERNAME. */
  public static String username(String raw, String suffix) {
    String trimmed = raw == null ? null : raw.trim();
    if (!Entries.isUsername(trimmed, suffix)) {
      throw new ApiError(400, "INVALID_USERNAME",
          "Provide a username of 2 to 64 characters of the form <name>." + suffix + ".");
    }
    return trimmed;
  }

  /** Absent means payment; an unknown value is INVALID_REQUEST. */
  public static UseCase useCase(String raw) {
    return UseCase.parse(raw).orElseThrow(() -> ApiError.invalidRequest(
        "Unknown useCase; use one of payment, escrow, lending, marketplace (default payment)."));
  }
}
