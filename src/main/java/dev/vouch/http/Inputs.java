package dev.vouch.http;

import dev.vouch.decision.model.UseCase;
import java.util.Locale;
import java.util.regex.Pattern;

/** Validation of client-supplied identifiers; everything is checked before it reaches a consumer. */
public final class Inputs {

  private static final Pattern WALLET = Pattern.compile("^0x[a-fA-F0-9]{40}$");

  private Inputs() {}

  /** Lowercase wallet, or INVALID_WALLET. */
  public static String wallet(String raw) {
    if (raw == null || !WALLET.matcher(raw).matches()) {
      throw ApiError.invalidWallet();
    }
    return raw.toLowerCase(Locale.ROOT);
  }

  public static boolean isWallet(String raw) {
    return raw != null && WALLET.matcher(raw).matches();
  }

  /** CONTRACT 2: 2 to 64 characters, {@code <name>.<suffix>}. */
  public static boolean isUsername(String raw, String suffix) {
    return raw != null && raw.length() >= 2 && raw.length() <= 64
        && raw.length() > suffix.length() + 1 && raw.toLowerCase(Locale.ROOT).endsWith("." + suffix);
  }

  /** Absent means payment; an unknown value is INVALID_REQUEST. */
  public static UseCase useCase(String raw) {
    return UseCase.parse(raw).orElseThrow(() -> ApiError.invalidRequest(
        "Unknown useCase; use one of payment, escrow, lending, marketplace (default payment)."));
  }
}
