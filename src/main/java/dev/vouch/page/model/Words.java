package dev.vouch.page.model;

import dev.vouch.decision.model.Coded;
import dev.vouch.decision.model.DecisionModel;
import dev.vouch.decision.model.Freshness;
import dev.vouch.decision.model.RecommendedLimit;
import dev.vouch.decision.model.UseCase;
import dev.vouch.decision.model.Verdict;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;

/** The plain words pages use for verdicts, limits and freshness; the clock is passed in. */
public final class Words {

  private static final DateTimeFormatter UTC_MINUTE =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'", Locale.ROOT).withZone(ZoneOffset.UTC);

  private Words() {}

  public static String verdictTitle(Verdict v) {
    return switch (v) {
      case allow -> "Allow";
      case caution -> "Caution";
      case block -> "Block";
    };
  }

  public static String verdictSentence(Verdict v, UseCase useCase) {
    return switch (v) {
      case allow -> "Go ahead: nothing in the evidence calls for caution in " + article(useCase) + ".";
      case caution -> "Proceed with care: keep to the recommended limit, or delay and review before "
          + article(useCase) + ".";
      case block -> "Do not proceed: Vouch found strong negative evidence about this wallet.";
    };
  }

  private static String article(UseCase u) {
    return switch (u) {
      case payment -> "a payment";
      case escrow -> "an escrow";
      case lending -> "a loan";
      case marketplace -> "a marketplace sale";
    };
  }

  /** "Up to 1,000 USDC"; a zero limit says so instead of "Up to 0 USDC". */
  public static String limit(RecommendedLimit l) {
    if (l.amountUsdc() <= 0) {
      return "None: send no funds (0 " + l.currency() + ")";
    }
    return "Up to " + String.format(Locale.ROOT, "%,d", l.amountUsdc()) + " " + l.currency();
  }

  /** What minting a receipt of this verdict is for, beside the button. */
  public static String receiptPurpose(Verdict v) {
    return switch (v) {
      case block -> "A receipt of a block is signed, immutable proof that you checked this wallet and why "
          + "Vouch advised against it: keep it for your records or an auditor.";
      case caution, allow -> "A receipt is signed, immutable proof of this verdict, its limit and evidence at "
          + "this moment: keep it, or hand its link to your counterparty.";
    };
  }

  public static String freshness(Freshness f, Instant now) {
    if (Freshness.INDEXING_REQUIRED.equals(f.cacheStatus()) || f.lastIndexedAt() == null) {
      return f.refreshInProgress()
          ? "Vouch is indexing this wallet now. Until it finishes, this verdict is a conservative baseline, "
              + "not evidence about the wallet."
          : "Vouch has not indexed this wallet yet. This verdict is a conservative baseline, "
              + "not evidence about the wallet.";
    }
    StringBuilder s = new StringBuilder("Based on evidence indexed ").append(ago(f.lastIndexedAt(), now))
        .append(" (").append(utc(f.lastIndexedAt())).append(").");
    if (f.refreshInProgress()) {
      s.append(" A refresh is running now.");
    } else if (f.refreshRecommended()) {
      s.append(" A refresh is recommended.");
    }
    return s.toString();
  }

  /** A receipt's freshness, told relative to when it was minted (it never changes afterwards). */
  public static String freshnessAtMint(Freshness f, Instant mintedAt) {
    if (Freshness.INDEXING_REQUIRED.equals(f.cacheStatus()) || f.lastIndexedAt() == null) {
      return "When this receipt was minted Vouch had not indexed the wallet: the verdict was a conservative "
          + "baseline, not evidence about the wallet.";
    }
    String age = ago(f.lastIndexedAt(), mintedAt);
    return "Evidence indexed " + ("just now".equals(age) ? "just before minting" : age.replace(" ago", " before minting"))
        + " (" + utc(f.lastIndexedAt()) + ").";
  }

  /**
   * Warnings as a person on a page reads them: the API's instruction to POST to intake becomes a
   * plain statement (the check page offers its own "Start indexing" button right below).
   */
  public static List<Coded> forPeople(List<Coded> warnings) {
    return warnings.stream().map(w -> DecisionModel.WALLET_NOT_INDEXED.equals(w.code())
        ? new Coded(w.code(), "Vouch has not indexed this wallet yet, so this verdict rests on no evidence about it.")
        : w).toList();
  }

  /** A time as pages print it ("2026-11-25 03:52 UTC"); null reads "never". */
  public static String utc(Instant at) {
    return at == null ? "never" : UTC_MINUTE.format(at);
  }

  /** Rounded down to the largest whole unit; a time ahead of now reads as "just now". */
  public static String ago(Instant at, Instant now) {
    long seconds = Math.max(0, Duration.between(at, now).getSeconds());
    if (seconds < 60) {
      return "just now";
    }
    if (seconds < 3600) {
      return plural(seconds / 60, "minute") + " ago";
    }
    if (seconds < 86400) {
      return plural(seconds / 3600, "hour") + " ago";
    }
    return plural(seconds / 86400, "day") + " ago";
  }

  private static String plural(long n, String unit) {
    return n + " " + unit + (n == 1 ? "" : "s");
  }
}
