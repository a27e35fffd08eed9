package dev.vouch.decision.model;

import dev.vouch.score.model.CommittedSnapshot;
import dev.vouch.score.model.ChainCoverage;
import dev.vouch.score.model.CoverageStatus;

import dev.vouch.exposure.model.Direction;
import dev.vouch.exposure.model.ExposureFigures;
import dev.vouch.exposure.model.ExposureSummary;
import dev.vouch.screening.model.Category;
import dev.vouch.exposure.model.HopShare;
import dev.vouch.graph.model.TrustModel;
import dev.vouch.graph.model.TrustSignals;
import dev.vouch.score.model.RiskLevel;
import dev.vouch.score.model.ScoreModel;
import dev.vouch.screening.model.Listing;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * decision_v0.6: rules D1-D7 of SPEC 2.2 as a pure function of committed evidence. Block
 * reasons come only from strong negative evidence (D3); missing evidence only ever adds caution.
 * Since v0.5 allow also needs seasoned history, the wallet's own and at least one trust peer's
 * (issue 21: what a farm cannot make today). Since v0.6 a wallet's exposure to labelled
 * addresses (issue 24), when known, replaces the flat penalty per listed counterparty: paying a
 * sanctioned address blocks, being paid by one blocks above dust, unsolicited dust only warns.
 * v0.7 (issue 33) reads indirect sanctioned exposure per hop count (exposure_v3), with a larger
 * share needed for caution the more intermediaries a path has.
 */
public final class DecisionModel {

  public static final String VERSION = "decision_v0.7";
  public static final String CURRENCY = "USDC";

  // Reasons: block (D3).
  /** The wallet itself is on a screening list (docs/models.md). */
  public static final String SANCTIONED_ADDRESS = "SANCTIONED_ADDRESS";
  public static final String RISK_PENALTY_HIGH = "RISK_PENALTY_HIGH";
  /** Followed by the list name: FLAGGED_COUNTERPARTY_OFAC_SDN; sits with the penalty it raised. */
  public static final String FLAGGED_COUNTERPARTY_PREFIX = "FLAGGED_COUNTERPARTY_";
  public static final String TRUST_GRAPH_SUSPICIOUS = "TRUST_GRAPH_SUSPICIOUS";
  public static final String TRUST_ANOMALY_HIGH = "TRUST_ANOMALY_HIGH";
  /** v0.6: the wallet paid a sanctioned address (anyone can be paid; only the wallet can pay). */
  public static final String EXPOSURE_SANCTIONED_OUT = "EXPOSURE_SANCTIONED_OUT";
  /** v0.6: a sanctioned address paid the wallet above dust, in value and in share. */
  public static final String EXPOSURE_SANCTIONED_IN = "EXPOSURE_SANCTIONED_IN";
  // Reasons: caution (D2, D4, D6).
  /** v0.6: sanctioned inflow that is not dust but under the share, or repeated and unvalued. */
  public static final String EXPOSURE_SANCTIONED_IN_MINOR = "EXPOSURE_SANCTIONED_IN_MINOR";
  /** v0.6: inflow from mixers, scams, stolen funds, darknet markets or ransomware above a share. */
  public static final String EXPOSURE_HIGH_RISK_IN = "EXPOSURE_HIGH_RISK_IN";
  /** v0.6: the wallet paid a mixer, scam, darknet market, ransomware or stolen-funds address. */
  public static final String EXPOSURE_HIGH_RISK_OUT = "EXPOSURE_HIGH_RISK_OUT";
  /** A customer policy (issue 32) set a rule on a category that is not high risk (gambling, exchange, bridge): inflow. */
  public static final String EXPOSURE_CATEGORY_IN = "EXPOSURE_CATEGORY_IN";
  /** The same for outflow. */
  public static final String EXPOSURE_CATEGORY_OUT = "EXPOSURE_CATEGORY_OUT";
  /** v0.6: one hop further, a share of the wallet's valued flow is sanctioned. */
  public static final String EXPOSURE_INDIRECT_SANCTIONED = "EXPOSURE_INDIRECT_SANCTIONED";
  public static final String SCORE_BELOW_MINIMUM = "SCORE_BELOW_MINIMUM";
  public static final String RISK_SIGNALS = "RISK_SIGNALS";
  public static final String TRUST_ANOMALY = "TRUST_ANOMALY";
  public static final String TRUST_GRAPH_MISSING = "VOUCH_TRUST_GRAPH_MISSING";
  public static final String DATA_LIMITED = "DATA_LIMITED";
  public static final String DATA_STALE = "DATA_STALE";
  /** The wallet has no seasoned history (ScoreModel.unseasoned): fresh or aged but idle. */
  public static final String HISTORY_UNSEASONED = "HISTORY_UNSEASONED";
  /** Every verified trust peer lacks seasoned history: they lend no standing. */
  public static final String TRUST_PEERS_UNSEASONED = "TRUST_PEERS_UNSEASONED";
  // Warnings: advisory only, never change the verdict.
  public static final String WALLET_NOT_INDEXED = "WALLET_NOT_INDEXED";
  public static final String DATA_PROVIDER_TRANSIENT = "DATA_PROVIDER_TRANSIENT";
  public static final String DATA_HISTORY_CAPPED = "DATA_HISTORY_CAPPED";
  /**
   * A chain's token read stopped at a cap: only its newest registered transfers were weighed, so
   * an older payment (to a sanctioned address, say) may be missing from the exposure (issue 35).
   */
  public static final String DATA_TOKENS_CAPPED = "DATA_TOKENS_CAPPED";
  public static final String DATA_AGGREGATE_ONLY = "DATA_AGGREGATE_ONLY";
  /** v0.6: unsolicited dust from a sanctioned address (tiny, never paid back): what anyone can push. */
  public static final String EXPOSURE_SANCTIONED_DUST = "EXPOSURE_SANCTIONED_DUST";

  // v0.6 exposure thresholds (docs/models.md "decision_v0.6: exposure rules" says why each).
  /** Sanctioned or high-risk inflow under this many USD is dust. */
  public static final BigDecimal DUST_USD = new BigDecimal("100");
  /** Sanctioned inflow under this share of the valued inflow is not a block. */
  public static final BigDecimal SANCTIONED_IN_SHARE = new BigDecimal("0.01");
  /**
   * Unvalued (native) sanctioned inflow of at most this many transfers, never paid back, may be
   * dust; valued inflow is bounded by {@link #DUST_USD} instead, on every chain together.
   */
  public static final int DUST_MAX_TRANSFERS = 2;
  /** High-risk inflow from this share of the valued inflow is caution. */
  public static final BigDecimal HIGH_RISK_IN_SHARE = new BigDecimal("0.05");
  /** Indirect sanctioned exposure from this share of the valued flow is caution (one hop; v0.6). */
  public static final BigDecimal INDIRECT_SANCTIONED_SHARE = new BigDecimal("0.10");
  /**
   * v0.7: the share that is caution at 1, 2 and 3 intermediaries. A longer path is weaker
   * evidence (each hop assumes the intermediary's funds mix in proportion), so it takes a larger
   * share; indirect exposure never blocks.
   */
  public static final List<BigDecimal> INDIRECT_SANCTIONED_SHARE_BY_HOP = List.of(
      new BigDecimal("0.10"), new BigDecimal("0.25"), new BigDecimal("0.50"));

  public static final Duration STALE_AFTER = Duration.ofHours(24);

  private DecisionModel() {}

  public static Decision decide(DecisionInput in) {
    return decide(in, STALE_AFTER);
  }

  public static Decision decide(DecisionInput in, Duration staleAfter) {
    if (in.snapshot().isEmpty()) {
      return in.listings().isEmpty() ? baseline(in) : listedBaseline(in);
    }
    CommittedSnapshot snap = in.snapshot().get();
    List<Coded> block = new ArrayList<>();
    List<Coded> caution = new ArrayList<>();
    List<Coded> warnings = new ArrayList<>();
    List<String> missing = new ArrayList<>();
    TrustSignals trust = in.trust();
    ExposureSummary exposure = in.exposure();
    // v0.6: with exposure known, listed counterparties are judged by the exposure rules, not -30 each.
    int penalty = exposure == null ? snap.breakdown().riskPenalty() : ScoreModel.failedPenalty(snap.evidence());

    // D3: strong negative evidence only.
    if (!in.listings().isEmpty()) {
      block.add(sanctioned(in));
    }
    if (penalty <= ScoreModel.HIGH_PENALTY) {
      block.add(new Coded(RISK_PENALTY_HIGH,
          "Strong risk signals in on-chain history (risk penalty " + penalty + ")."));
    }
    if (exposure == null) {
      (penalty <= ScoreModel.HIGH_PENALTY ? block : caution).addAll(flaggedCounterparties(snap));
    } else {
      exposureFindings(exposure, in.policy(), block, caution, warnings);
    }
    if (trust.suspicious()) {
      block.add(new Coded(TRUST_GRAPH_SUSPICIOUS,
          "The verified trust graph looks like a ring of young wallets attesting each other (anomaly "
              + trust.anomalyScore() + ")."));
    } else if (trust.anomalyScore() >= TrustModel.ANOMALY_HIGH) {
      block.add(new Coded(TRUST_ANOMALY_HIGH,
          "Most trust relationships show ring patterns: young wallets, tiny or self-funded transactions, "
              + "one funding source or bursts (anomaly " + trust.anomalyScore() + ")."));
    }

    // D2 / D4: soft risk and missing evidence.
    if (snap.score() < in.useCase().minimumScore()) {
      caution.add(new Coded(SCORE_BELOW_MINIMUM, "Score " + snap.score() + " is below the "
          + in.useCase() + " minimum of " + in.useCase().minimumScore() + "."));
    }
    if (penalty < 0 && penalty > ScoreModel.HIGH_PENALTY) {
      caution.add(new Coded(RISK_SIGNALS, "Soft risk signals lowered the score (risk penalty " + penalty + ")."));
    }
    if (trust.anomalyScore() >= TrustModel.ANOMALY_SOFT && trust.anomalyScore() < TrustModel.ANOMALY_HIGH) {
      caution.add(new Coded(TRUST_ANOMALY,
          "Some trust relationships show ring patterns (anomaly " + trust.anomalyScore() + ")."));
    }
    // Native relationship evidence is a live trust edge (accepted, unrevoked), read without re-index.
    if (trust.trustedPeerCount() == 0) {
      caution.add(new Coded(TRUST_GRAPH_MISSING, "No verified Vouch trust relationships yet."));
      missing.add("trustGraph");
    }
    // v0.5: time is what a farm cannot buy today; trust and recent activity never replace it.
    if (ScoreModel.unseasoned(snap.evidence())) {
      caution.add(new Coded(HISTORY_UNSEASONED, "Fewer than " + ScoreModel.SEASONED_MIN + " counterparties were"
          + " first met at least " + ScoreModel.SEASONED_DAYS + " days before the evidence was read; recent activity"
          + " and attestations alone do not lift a wallet to allow."));
    }
    if (trust.trustedPeerCount() > 0 && trust.seasonedPeerCount() == 0) {
      caution.add(new Coded(TRUST_PEERS_UNSEASONED, "Every verified trust peer lacks seasoned history (fewer than "
          + ScoreModel.SEASONED_MIN + " counterparties older than " + ScoreModel.SEASONED_DAYS + " days); they lend no"
          + " standing."));
    }
    if (snap.evidence().acceptedAttestations() == 0) {
      missing.add("attestations");
    }
    coverageFindings(in, snap, caution, warnings, missing);

    // D6: stale evidence, also a chain's evidence carried from an older snapshot.
    boolean stale = snap.staleAt(in.now(), staleAfter);
    if (stale) {
      caution.add(new Coded(DATA_STALE, "Committed evidence is older than "
          + staleAfter.toHours() + " hours; refresh before relying on it."));
    }

    // D1-D3: the worst remaining reason sets the verdict.
    Verdict verdict = !block.isEmpty() ? Verdict.block : !caution.isEmpty() ? Verdict.caution : Verdict.allow;
    List<Coded> reasons = new ArrayList<>(block);
    reasons.addAll(caution);
    LimitTable.Band band = LimitTable.Band.of(snap.score());
    RecommendedLimit limit = scaled(new RecommendedLimit(
        LimitTable.amount(in.useCase(), verdict, band), CURRENCY, basis(in.useCase(), verdict, band)), in);
    Coverage coverage = Coverage.of(snap.coverage());
    boolean refreshRecommended = stale || coverage.hasTransientIssues();
    boolean exposureBlock = block.stream().anyMatch(c -> c.code().startsWith("EXPOSURE_"));
    RiskLevel level = exposureBlock ? RiskLevel.HIGH_RISK : ScoreModel.riskLevel(snap.score(), penalty);
    return new Decision(
        in.wallet(), in.username(), in.useCase(), verdict, level.label(), limit,
        List.copyOf(reasons), List.copyOf(warnings), snap.score(),
        new EvidenceUse(used(in), List.copyOf(missing)),
        new Freshness(Freshness.CACHED, snap.committedAt(), in.refreshInProgress(), refreshRecommended),
        coverage, snap.scoreModelVersion(), VERSION, exposure, in.policyRef());
  }

  /** The policy's use-case limit scale (issue 32): whole USDC, rounded down; the basis says so. */
  static RecommendedLimit scaled(RecommendedLimit l, DecisionInput in) {
    BigDecimal scale = in.policy().limitScale(in.useCase());
    if (scale.compareTo(BigDecimal.ONE) == 0) {
      return l;
    }
    long amount = BigDecimal.valueOf(l.amountUsdc()).multiply(scale).setScale(0, java.math.RoundingMode.DOWN)
        .longValueExact();
    return new RecommendedLimit(amount, l.currency(), l.basis() + " Scaled by " + scale.stripTrailingZeros()
        .toPlainString() + " by the caller's policy.");
  }

  /** What the exposure rules find under a policy, by what each finding does (block, caution, warning). */
  public record ExposureFindings(List<Coded> block, List<Coded> caution, List<Coded> warnings) {}

  /**
   * The exposure rules alone, on a summary and a policy (issue 32): transfer screening reads from
   * it which of a counterparty's findings are blocks and which cautions, which its decision's
   * reason list does not say.
   */
  public static ExposureFindings exposureFindings(ExposureSummary e, Policy p) {
    List<Coded> block = new ArrayList<>();
    List<Coded> caution = new ArrayList<>();
    List<Coded> warnings = new ArrayList<>();
    if (e != null) {
      exposureFindings(e, p, block, caution, warnings);
    }
    return new ExposureFindings(List.copyOf(block), List.copyOf(caution), List.copyOf(warnings));
  }

  /** Today's exposure rules, with today's thresholds. */
  static void exposureFindings(ExposureSummary e, List<Coded> block, List<Coded> caution, List<Coded> warnings) {
    exposureFindings(e, Policy.DEFAULT, block, caution, warnings);
  }

  /** v0.6 exposure rules, in order: block, then caution, then the dust warning. */
  static void exposureFindings(ExposureSummary e, Policy p, List<Coded> block, List<Coded> caution,
      List<Coded> warnings) {
    if (e.sanctionedOutTransfers() > 0) {
      block.add(new Coded(EXPOSURE_SANCTIONED_OUT, "This wallet sent " + e.sanctionedOutTransfers()
          + (e.sanctionedOutTransfers() == 1 ? " transfer" : " transfers") + " to a sanctioned address."));
    }
    BigDecimal inShare = e.sanctionedInShare();
    boolean aboveDust = e.sanctionedInUsd().compareTo(p.dust().usd()) >= 0;
    if (p.rule(Category.sanctioned, Direction.in).fires(e.sanctionedInTransfers(), e.sanctionedInUsd(), inShare)) {
      block.add(new Coded(EXPOSURE_SANCTIONED_IN, "This wallet received " + e.sanctionedInUsd()
          + " USD from sanctioned addresses (" + percent(inShare) + " of its valued inflow)."));
    } else if (e.sanctionedInTransfers() > 0) {
      boolean dust = !aboveDust && e.sanctionedInUnsolicited()
          && e.sanctionedInUnvaluedTransfers() <= p.dust().maxUnvaluedTransfers();
      if (dust) {
        warnings.add(new Coded(EXPOSURE_SANCTIONED_DUST, "A sanctioned address sent this wallet "
            + e.sanctionedInTransfers() + (e.sanctionedInTransfers() == 1 ? " tiny transfer" : " tiny transfers")
            + " it never answered: unsolicited dust anyone can send, not held against the wallet."));
      } else {
        caution.add(new Coded(EXPOSURE_SANCTIONED_IN_MINOR, "This wallet received " + e.sanctionedInTransfers()
            + (e.sanctionedInTransfers() == 1 ? " transfer" : " transfers") + " from sanctioned addresses ("
            + e.sanctionedInUsd() + " USD valued" + (inShare == null ? "" : ", " + percent(inShare) + " of its valued inflow")
            + "); review the source of funds."));
      }
    }
    for (PolicyGroups.Group g : PolicyGroups.of(p, Direction.in)) {
      ExposureFigures.Union u = PolicyGroups.figures(e, g, Direction.in);
      if (g.rule().fires(u.transfers(), u.usd(), u.share())) {
        PolicyGroups.list(g, block, caution, warnings).add(new Coded(g.code(), "This wallet received " + u.usd()
            + " USD from " + g.names() + " (" + (u.share() == null ? "no valued inflow" : percent(u.share())
            + " of its valued inflow") + ")."));
      }
    }
    for (PolicyGroups.Group g : PolicyGroups.of(p, Direction.out)) {
      ExposureFigures.Union u = PolicyGroups.figures(e, g, Direction.out);
      if (g.rule().fires(u.transfers(), u.usd(), u.share())) {
        PolicyGroups.list(g, block, caution, warnings).add(new Coded(g.code(), "This wallet sent " + u.transfers()
            + (u.transfers() == 1 ? " transfer" : " transfers") + " to " + g.names() + "."));
      }
    }
    if (e.indirectSanctionedByHop() == null) {
      // A summary stored before exposure_v3: one hop, the policy's one-hop share (v0.6's by default).
      BigDecimal indirect = e.indirectSanctionedShare();
      BigDecimal indirectMin = p.indirectSanctionedShare(1);
      if (indirect != null && indirectMin != null && indirect.compareTo(indirectMin) >= 0) {
        caution.add(new Coded(EXPOSURE_INDIRECT_SANCTIONED, percent(indirect) + " of this wallet's valued flow"
            + " passed through counterparties that dealt with sanctioned addresses (one hop)."));
      }
      return;
    }
    // v0.7: the shortest path whose share reaches its hop count's threshold; never a block.
    for (HopShare h : e.indirectSanctionedByHop()) {
      BigDecimal needed = p.indirectSanctionedShare(h.hops());
      if (h.share() != null && needed != null && h.share().compareTo(needed) >= 0) {
        caution.add(new Coded(EXPOSURE_INDIRECT_SANCTIONED, percent(h.share()) + " of this wallet's valued flow"
            + " came from or went to sanctioned addresses through " + h.hops()
            + (h.hops() == 1 ? " intermediary" : " intermediaries") + " (caution from " + percent(needed) + ")."));
        return;
      }
    }
  }

  /**
   * v0.7: the indirect sanctioned share that is caution at {@code hops} intermediaries; null
   * beyond the thresholds (docs/models.md "decision_v0.7": each hop is weaker evidence).
   */
  public static BigDecimal indirectThreshold(int hops) {
    return hops >= 1 && hops <= INDIRECT_SANCTIONED_SHARE_BY_HOP.size() ? INDIRECT_SANCTIONED_SHARE_BY_HOP.get(hops - 1)
        : null;
  }

  static String percent(BigDecimal share) {
    return share.movePointRight(2).stripTrailingZeros().toPlainString() + " %";
  }

  static final List<String> USED_WITH_SNAPSHOT = List.of(
      "score", "breakdown.riskPenalty", "trust.trustedPeerCount", "trust.anomalyScore",
      "trust.suspicious", "trust.seasonedPeerCount", "history.seasonedCounterparties", "coverage",
      "freshness.lastIndexedAt");

  static final List<String> USED_WITH_SNAPSHOT_LISTED = java.util.stream.Stream
      .concat(USED_WITH_SNAPSHOT.stream(), java.util.stream.Stream.of("screening")).toList();

  private static List<String> used(DecisionInput in) {
    List<String> base = in.listings().isEmpty() ? USED_WITH_SNAPSHOT : USED_WITH_SNAPSHOT_LISTED;
    if (in.exposure() == null) {
      return base;
    }
    List<String> with = new ArrayList<>(base);
    with.add("exposure");
    return List.copyOf(with);
  }

  /** A wallet on a screening list is blocked (D3) even before any history of its own is indexed. */
  private static Decision listedBaseline(DecisionInput in) {
    Decision b = baseline(in);
    List<Coded> reasons = new ArrayList<>();
    reasons.add(sanctioned(in));
    reasons.addAll(b.reasons());
    RecommendedLimit limit = new RecommendedLimit(LimitTable.amount(in.useCase(), Verdict.block, LimitTable.Band.of(0)),
        CURRENCY, basis(in.useCase(), Verdict.block, LimitTable.Band.of(0)));
    return new Decision(b.wallet(), b.username(), b.useCase(), Verdict.block, RiskLevel.HIGH_RISK.label(), limit,
        List.copyOf(reasons), b.warnings(), b.score(),
        new EvidenceUse(List.of("freshness.cacheStatus", "screening"), b.evidence().missing()),
        b.freshness(), b.coverage(), b.scoreModelVersion(), b.decisionModelVersion(), null, in.policyRef());
  }

  private static Coded sanctioned(DecisionInput in) {
    List<String> where = new ArrayList<>();
    for (Listing l : in.listings()) {
      where.add(l.list() + (l.label().isBlank() ? "" : " (" + l.label() + ")"));
    }
    return new Coded(SANCTIONED_ADDRESS, "This wallet is on the screening list "
        + String.join(", ", where) + "; do not transact.");
  }

  /** One reason per screening list that named a counterparty, in list-name order. */
  private static List<Coded> flaggedCounterparties(CommittedSnapshot snap) {
    List<Coded> out = new ArrayList<>();
    snap.flaggedLists().forEach((list, n) -> out.add(new Coded(FLAGGED_COUNTERPARTY_PREFIX + list,
        n + (n == 1 ? " counterparty" : " counterparties") + " of this wallet " + (n == 1 ? "is" : "are")
            + " on the screening list " + list + " (risk penalty " + ScoreModel.PENALTY_PER_FLAGGED + " each).")));
    return out;
  }

  static final List<String> MISSING_BASELINE = List.of(
      "committedSnapshot", "walletAge", "transactionHistory", "counterparties", "attestations", "trustGraph");

  /** D5: no committed snapshot gives a conservative caution, never a block. */
  private static Decision baseline(DecisionInput in) {
    List<Coded> reasons = List.of(new Coded(DATA_LIMITED,
        "No committed evidence for this wallet yet; the verdict is a conservative baseline."));
    List<Coded> warnings = List.of(new Coded(WALLET_NOT_INDEXED,
        "This wallet is not indexed yet. Start intake (POST /api/v1/intake/{wallet}), then poll the score read."));
    RecommendedLimit limit = scaled(new RecommendedLimit(LimitTable.baseline(in.useCase()), CURRENCY,
        "Baseline for " + in.useCase() + " while the wallet has no committed evidence (" + VERSION + ")."), in);
    return new Decision(
        in.wallet(), in.username(), in.useCase(), Verdict.caution, RiskLevel.NO_EVIDENCE.label(), limit,
        reasons, warnings, 0, new EvidenceUse(List.of("freshness.cacheStatus"), MISSING_BASELINE),
        new Freshness(Freshness.INDEXING_REQUIRED, null, in.refreshInProgress(), true),
        Coverage.NONE, ScoreModel.VERSION, VERSION, null, in.policyRef());
  }

  /** DATA_LIMITED when the home chain or every chain lacks full history; other gaps only warn. */
  private static void coverageFindings(DecisionInput in, CommittedSnapshot snap,
      List<Coded> caution, List<Coded> warnings, List<String> missing) {
    boolean homeIndexed = false;
    boolean anyIndexed = false;
    List<String> transientChains = new ArrayList<>();
    List<String> cappedChains = new ArrayList<>();
    List<String> tokenCappedChains = new ArrayList<>();
    List<String> limitedChains = new ArrayList<>();
    for (ChainCoverage c : snap.coverage()) {
      boolean indexed = c.status() == CoverageStatus.indexed;
      anyIndexed |= indexed;
      homeIndexed |= indexed && c.chain().equals(in.homeChain());
      if (!indexed) {
        missing.add("chainHistory:" + c.chain());
      }
      if (c.transient_()) {
        transientChains.add(c.chain());
      }
      if (Boolean.TRUE.equals(c.historyCapped())) {
        cappedChains.add(c.chain());
      }
      if (Boolean.TRUE.equals(c.tokensCapped())) {
        tokenCappedChains.add(c.chain());
      }
      if (c.standing()) {
        limitedChains.add(c.chain());
      }
    }
    if (!homeIndexed || !anyIndexed) {
      caution.add(new Coded(DATA_LIMITED, !anyIndexed
          ? "No chain has full indexed history for this wallet."
          : "The home chain " + in.homeChain() + " has no full indexed history for this wallet."));
    }
    if (!transientChains.isEmpty()) {
      warnings.add(new Coded(DATA_PROVIDER_TRANSIENT, "A data provider failed temporarily for "
          + String.join(", ", transientChains) + "; earlier evidence is kept where there was some, the indexer"
          + " retries on its own for a while, and a refresh may fill the gap."));
    }
    if (!cappedChains.isEmpty()) {
      warnings.add(new Coded(DATA_HISTORY_CAPPED, "History reached the indexing cap on "
          + String.join(", ", cappedChains) + "; counts are lower bounds."));
    }
    if (!tokenCappedChains.isEmpty()) {
      warnings.add(new Coded(DATA_TOKENS_CAPPED, "Token transfers reached the indexing cap on "
          + String.join(", ", tokenCappedChains) + "; only the newest were weighed, and an older payment"
          + " (to a sanctioned address, say) may be missing."));
    }
    if (!limitedChains.isEmpty()) {
      warnings.add(new Coded(DATA_AGGREGATE_ONLY, "Only aggregate evidence is available on "
          + String.join(", ", limitedChains) + "."));
    }
  }

  static String basis(UseCase useCase, Verdict verdict, LimitTable.Band band) {
    return switch (verdict) {
      case block -> "No amount is recommended while strong negative evidence stands (" + VERSION + ").";
      default -> "Starting amount for " + useCase + " at verdict " + verdict + ", score band " + band
          + " (" + band.floor() + "-" + band.ceiling() + "); " + VERSION + " limit table.";
    };
  }
}
