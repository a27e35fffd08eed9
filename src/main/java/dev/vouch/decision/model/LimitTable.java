package dev.vouch.decision.model;

import java.util.EnumMap;
import java.util.Map;

/**
 * decision_v0.5 recommended limits (unchanged since v0.4.1) in whole USDC, per use case, verdict and score band.
 * Rows never fall as the band rises, and an allow amount is never below the caution amount of
 * the same band, so more positive evidence never lowers the limit.
 */
public final class LimitTable {

  /** Score bands, best first; a band holds scores from its floor up to the next band's floor. */
  public enum Band {
    A(80), B(60), C(40), D(20), E(0);

    private final int floor;

    Band(int floor) {
      this.floor = floor;
    }

    public int floor() {
      return floor;
    }

    public int ceiling() {
      return this == A ? 100 : values()[ordinal() - 1].floor - 1;
    }

    public static Band of(int score) {
      for (Band b : values()) {
        if (score >= b.floor) {
          return b;
        }
      }
      return E;
    }
  }

  // Columns: bands A, B, C, D, E. Allow is only reachable at or above the use case minimum.
  private static final Map<UseCase, long[]> ALLOW = new EnumMap<>(UseCase.class);
  private static final Map<UseCase, long[]> CAUTION = new EnumMap<>(UseCase.class);

  static {
    ALLOW.put(UseCase.payment, new long[] {10_000, 5_000, 2_000, 200, 50});
    CAUTION.put(UseCase.payment, new long[] {2_500, 1_000, 500, 200, 50});
    ALLOW.put(UseCase.marketplace, new long[] {5_000, 2_500, 1_000, 100, 50});
    CAUTION.put(UseCase.marketplace, new long[] {1_000, 500, 250, 100, 50});
    ALLOW.put(UseCase.escrow, new long[] {25_000, 10_000, 500, 100, 25});
    CAUTION.put(UseCase.escrow, new long[] {5_000, 2_000, 500, 100, 25});
    ALLOW.put(UseCase.lending, new long[] {5_000, 1_000, 100, 0, 0});
    CAUTION.put(UseCase.lending, new long[] {1_000, 500, 100, 0, 0});
  }

  private LimitTable() {}

  public static long amount(UseCase useCase, Verdict verdict, Band band) {
    return switch (verdict) {
      case block -> 0;
      case caution -> CAUTION.get(useCase)[band.ordinal()];
      case allow -> ALLOW.get(useCase)[band.ordinal()];
    };
  }

  /** Amount for a wallet with no committed snapshot: the lowest caution row. */
  public static long baseline(UseCase useCase) {
    return CAUTION.get(useCase)[Band.E.ordinal()];
  }
}
