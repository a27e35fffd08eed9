package dev.vouch.transfer.model;

import dev.vouch.decision.model.Coded;
import dev.vouch.decision.model.Decision;
import dev.vouch.decision.model.DecisionModel;
import dev.vouch.decision.model.Policy;
import dev.vouch.decision.model.Verdict;
import dev.vouch.screening.model.Category;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * transfer_v0.1: one transfer's verdict from its counterparty's committed evidence
 * (docs/transfers.md has each rule and its reason), with the caller's policy (issue 32 item 3).
 * In order: not final yet is pending; an unregistered token is allowed with a warning (its log
 * names whoever it likes); a mint or burn (the zero address) is allowed with a warning, no intake
 * of the zero address; a sanctioned counterparty, or one whose own decision blocks on sanctions,
 * blocks at any amount (no policy figure touches either); a label is its category's action; a
 * counterparty never indexed is pending until its first snapshot; its high-risk source (received)
 * or destination (sent) of funds, or indirect sanctions, is the action its policy finding has;
 * else allow. The policy's transferMinUsd waives label and high-risk flow findings (never
 * sanctions ones) on smaller USD transfers. Pure and deterministic; the default policy decides
 * exactly as before policies.
 */
public final class TransferRules {

  public static final String VERSION = "transfer_v0.1";

  public static final String UNCONFIRMED = "TRANSFER_UNCONFIRMED";
  public static final String UNVALUED_TOKEN = "TRANSFER_UNVALUED_TOKEN";
  public static final String MINT_OR_BURN = "TRANSFER_MINT_OR_BURN";

  /** A Transfer from (mint) or to (burn) the zero address: the token contract itself created or destroyed the units. */
  public static final String ZERO_ADDRESS = "0x0000000000000000000000000000000000000000";
  public static final String SANCTIONED_COUNTERPARTY = "TRANSFER_SANCTIONED_COUNTERPARTY";
  public static final String COUNTERPARTY_SANCTIONS_EXPOSURE = "TRANSFER_COUNTERPARTY_SANCTIONS_EXPOSURE";
  public static final String HIGH_RISK_COUNTERPARTY = "TRANSFER_HIGH_RISK_COUNTERPARTY";
  public static final String COUNTERPARTY_UNKNOWN = "TRANSFER_COUNTERPARTY_UNKNOWN";
  public static final String HIGH_RISK_SOURCE = "TRANSFER_HIGH_RISK_SOURCE";
  public static final String HIGH_RISK_DESTINATION = "TRANSFER_HIGH_RISK_DESTINATION";
  public static final String COUNTERPARTY_BLOCKED = "TRANSFER_COUNTERPARTY_BLOCKED";
  /** A counterparty labelled gambling, exchange or bridge when the caller's policy acts on it. */
  public static final String CATEGORY_COUNTERPARTY = "TRANSFER_CATEGORY_COUNTERPARTY";
  /** A label or high-risk flow finding waived: the transfer is under the policy's transferMinUsd. */
  public static final String BELOW_POLICY_MINIMUM = "TRANSFER_BELOW_POLICY_MINIMUM";

  /** The counterparty's decision codes that mean it dealt in sanctioned funds itself (above the dust rule). */
  static final Set<String> SANCTIONS_BLOCKS = Set.of(DecisionModel.SANCTIONED_ADDRESS,
      DecisionModel.EXPOSURE_SANCTIONED_IN, DecisionModel.EXPOSURE_SANCTIONED_OUT);
  /** Where the counterparty's money came from (what a received transfer carries). */
  static final Set<String> SOURCE_CAUTIONS = Set.of(DecisionModel.EXPOSURE_HIGH_RISK_IN,
      DecisionModel.EXPOSURE_SANCTIONED_IN_MINOR, DecisionModel.EXPOSURE_INDIRECT_SANCTIONED,
      DecisionModel.EXPOSURE_CATEGORY_IN);
  /** Where the counterparty's money goes (what a sent transfer feeds). */
  static final Set<String> DESTINATION_CAUTIONS = Set.of(DecisionModel.EXPOSURE_HIGH_RISK_OUT,
      DecisionModel.EXPOSURE_INDIRECT_SANCTIONED, DecisionModel.EXPOSURE_CATEGORY_OUT);
  /**
   * Findings the policy's transferMinUsd may waive: the category rules' (high-risk and other
   * labels). Sanctions findings (direct, minor, indirect) are never waived.
   */
  static final Set<String> WAIVABLE = Set.of(DecisionModel.EXPOSURE_HIGH_RISK_IN, DecisionModel.EXPOSURE_HIGH_RISK_OUT,
      DecisionModel.EXPOSURE_CATEGORY_IN, DecisionModel.EXPOSURE_CATEGORY_OUT);
  /** A decision's block reasons that are not exposure findings (decision_v0.5's D3). */
  static final Set<String> OTHER_BLOCKS = Set.of(DecisionModel.SANCTIONED_ADDRESS, DecisionModel.RISK_PENALTY_HIGH,
      DecisionModel.TRUST_GRAPH_SUSPICIOUS, DecisionModel.TRUST_ANOMALY_HIGH);

  private TransferRules() {}

  /** With the default policy (the rules as they were before policies). */
  public static TransferVerdict decide(Moved t, Direction direction, long confirmations, int required, Counterparty c) {
    return decide(t, direction, confirmations, required, c, Policy.DEFAULT);
  }

  /**
   * With the caller's policy {@code p}; {@code c}'s decision must have been reached with the same
   * policy (its exposure findings are read again here under {@code p}).
   */
  public static TransferVerdict decide(Moved t, Direction direction, long confirmations, int required, Counterparty c,
      Policy p) {
    List<Coded> warnings = new ArrayList<>();
    if (!t.valued()) {
      warnings.add(new Coded(UNVALUED_TOKEN, "The token " + t.token() + " is not in this chain's registry: Vouch does"
          + " not value it, and its Transfer log proves nothing about who sent it (any contract can emit one)."));
    }
    if (confirmations < required) {
      return pending(new Coded(UNCONFIRMED, "The transaction has " + confirmations + " of the " + required
          + " confirmations this chain needs; screen it again once it is final."), warnings, false);
    }
    if (!t.valued()) {
      return screened(Verdict.allow, List.of(), warnings);
    }
    if (ZERO_ADDRESS.equals(c.address())) {
      warnings.add(new Coded(MINT_OR_BURN, "The token contract " + (direction == Direction.received ? "minted these units"
          + " to" : "burned these units from") + " the address: there is no counterparty to screen."));
      return screened(Verdict.allow, List.of(), warnings);
    }
    String side = direction == Direction.received ? "from" : "to";
    // Rules 3 and 4: sanctions, at any amount and whatever the policy.
    if (c.labels().contains(Category.sanctioned)) {
      return screened(Verdict.block, List.of(new Coded(SANCTIONED_COUNTERPARTY, "This transfer moved funds " + side
          + " a sanctioned address, " + c.address() + ": blocked at any amount.")), warnings);
    }
    Decision d = c.decision();
    List<String> codes = d == null ? List.of() : d.reasons().stream().map(Coded::code).toList();
    if (d != null && d.decision() == Verdict.block && codes.stream().anyMatch(SANCTIONS_BLOCKS::contains)) {
      return screened(Verdict.block, List.of(new Coded(COUNTERPARTY_SANCTIONS_EXPOSURE, "This transfer moved funds "
          + side + " " + c.address() + ", whose own decision blocks it for dealing directly with sanctioned addresses ("
          + String.join(", ", codes.stream().filter(SANCTIONS_BLOCKS::contains).toList()) + ").")), warnings);
    }
    BigDecimal usd = t.usdValue();
    boolean small = p.transferMinUsd().signum() > 0 && usd != null && usd.compareTo(p.transferMinUsd()) < 0;
    List<String> waived = new ArrayList<>();
    // Rule 5: each label's category rule that way (in for a received transfer, out for a sent one).
    dev.vouch.exposure.model.Direction way = direction == Direction.received ? dev.vouch.exposure.model.Direction.in
        : dev.vouch.exposure.model.Direction.out;
    Category strongest = null;
    for (Category k : c.labels()) {
      if (k != Category.sanctioned && (strongest == null
          || p.rule(k, way).action().ordinal() < p.rule(strongest, way).action().ordinal())) {
        strongest = k;
      }
    }
    if (strongest != null && p.rule(strongest, way).action() != Policy.Action.ignore) {
      Policy.Action a = p.rule(strongest, way).action();
      Coded label = new Coded(strongest.highRisk() ? HIGH_RISK_COUNTERPARTY : CATEGORY_COUNTERPARTY,
          "This transfer moved funds " + side + " " + c.address() + ", labelled " + strongest + ".");
      if (a == Policy.Action.warn) {
        warnings.add(label);
      } else if (small) {
        waived.add(label.code());
      } else {
        return screened(a == Policy.Action.block ? Verdict.block : Verdict.caution, List.of(label), warnings);
      }
    }
    if (!c.indexed()) {
      belowMinimum(waived, usd, p, warnings);
      return pending(new Coded(COUNTERPARTY_UNKNOWN, "Vouch has no committed evidence on " + c.address()
          + " yet; its first index is queued and this screening completes when it commits."), warnings, true);
    }
    // Rule 7: the counterparty's flows that way, each finding with the action its policy gives it.
    // The findings again under p say which are blocks; a decision without a summary has no
    // exposure findings, and any such code it carries is read as a caution (as before policies).
    DecisionModel.ExposureFindings f = d != null && d.exposure() != null ? DecisionModel.exposureFindings(d.exposure(), p)
        : new DecisionModel.ExposureFindings(List.of(), d == null ? List.of() : d.reasons(), List.of());
    Set<String> watched = direction == Direction.received ? SOURCE_CAUTIONS : DESTINATION_CAUTIONS;
    List<String> blocks = kept(f.block(), watched, small, waived);
    List<String> cautions = kept(f.caution(), watched, small, waived);
    List<String> warned = f.warnings().stream().map(Coded::code).filter(watched::contains).distinct().toList();
    List<String> found = new ArrayList<>(blocks);
    cautions.stream().filter(x -> !found.contains(x)).forEach(found::add);
    Coded flow = direction == Direction.received
        ? new Coded(HIGH_RISK_SOURCE, "The sender " + c.address() + " was funded from high-risk or sanctioned-adjacent"
            + " sources (" + String.join(", ", found.isEmpty() ? warned : found) + ").")
        : new Coded(HIGH_RISK_DESTINATION, "The recipient " + c.address() + " pays high-risk or sanctioned-adjacent"
            + " addresses (" + String.join(", ", found.isEmpty() ? warned : found) + ").");
    if (found.isEmpty() && !warned.isEmpty()) {
      warnings.add(flow);
    }
    List<Coded> reasons = new ArrayList<>();
    Verdict v = Verdict.allow;
    if (!found.isEmpty()) {
      reasons.add(flow);
      v = blocks.isEmpty() ? Verdict.caution : Verdict.block;
    } else if (d != null && d.decision() == Verdict.block) {
      if (onlyWaived(d, f, small)) {
        f.block().stream().map(Coded::code).filter(x -> !waived.contains(x)).distinct().forEach(waived::add);
      } else {
        reasons.add(new Coded(COUNTERPARTY_BLOCKED, "The counterparty's own decision is block ("
            + String.join(", ", codes) + ")."));
        v = Verdict.caution;
      }
    }
    belowMinimum(waived, usd, p, warnings);
    return screened(v, reasons, warnings);
  }

  /** The codes of {@code findings} this direction reads, less those the transfer's size waives (noted). */
  private static List<String> kept(List<Coded> findings, Set<String> watched, boolean small, List<String> waived) {
    List<String> out = new ArrayList<>();
    for (Coded x : findings) {
      if (!watched.contains(x.code()) || out.contains(x.code())) {
        continue;
      }
      if (small && WAIVABLE.contains(x.code())) {
        if (!waived.contains(x.code())) {
          waived.add(x.code());
        }
      } else {
        out.add(x.code());
      }
    }
    return out;
  }

  /** The counterparty is block only for findings this transfer's size waives. */
  private static boolean onlyWaived(Decision d, DecisionModel.ExposureFindings f, boolean small) {
    return small && !f.block().isEmpty() && f.block().stream().allMatch(x -> WAIVABLE.contains(x.code()))
        && d.reasons().stream().noneMatch(x -> OTHER_BLOCKS.contains(x.code()));
  }

  private static void belowMinimum(List<String> waived, BigDecimal usd, Policy p, List<Coded> warnings) {
    if (!waived.isEmpty()) {
      warnings.add(new Coded(BELOW_POLICY_MINIMUM, "This transfer's " + usd.toPlainString() + " USD is under the"
          + " policy's transferMinUsd of " + p.transferMinUsd().toPlainString() + ": not held against it for "
          + String.join(", ", waived) + "."));
    }
  }

  private static TransferVerdict pending(Coded why, List<Coded> warnings, boolean queueIntake) {
    return new TransferVerdict(TransferVerdict.Status.pending, null, List.of(why), warnings, queueIntake);
  }

  private static TransferVerdict screened(Verdict v, List<Coded> reasons, List<Coded> warnings) {
    return new TransferVerdict(TransferVerdict.Status.screened, v, reasons, warnings, false);
  }
}
