package dev.vouch.transfer.model;

import dev.vouch.decision.model.Coded;
import dev.vouch.decision.model.Decision;
import dev.vouch.decision.model.DecisionModel;
import dev.vouch.decision.model.Verdict;
import dev.vouch.screening.model.Category;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * transfer_v0.1: one transfer's verdict from its counterparty's committed evidence
 * (docs/transfers.md has each rule and its reason). In order: not final yet is pending; an
 * unregistered token is allowed with a warning (its log names whoever it likes); a mint or burn
 * (the zero address) is allowed with a warning, no intake of the zero address; a sanctioned
 * counterparty, or one whose own decision blocks on sanctions, blocks at any amount; a high-risk
 * label is caution; a counterparty never indexed is pending until its first snapshot; its
 * high-risk source (received) or destination (sent) of funds, or indirect sanctions, is caution;
 * else allow. Pure and deterministic.
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

  /** The counterparty's decision codes that mean it dealt in sanctioned funds itself (above the dust rule). */
  static final Set<String> SANCTIONS_BLOCKS = Set.of(DecisionModel.SANCTIONED_ADDRESS,
      DecisionModel.EXPOSURE_SANCTIONED_IN, DecisionModel.EXPOSURE_SANCTIONED_OUT);
  /** Where the counterparty's money came from (what a received transfer carries). */
  static final Set<String> SOURCE_CAUTIONS = Set.of(DecisionModel.EXPOSURE_HIGH_RISK_IN,
      DecisionModel.EXPOSURE_SANCTIONED_IN_MINOR, DecisionModel.EXPOSURE_INDIRECT_SANCTIONED);
  /** Where the counterparty's money goes (what a sent transfer feeds). */
  static final Set<String> DESTINATION_CAUTIONS = Set.of(DecisionModel.EXPOSURE_HIGH_RISK_OUT,
      DecisionModel.EXPOSURE_INDIRECT_SANCTIONED);

  private TransferRules() {}

  public static TransferVerdict decide(Moved t, Direction direction, long confirmations, int required, Counterparty c) {
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
    List<Category> risky = c.labels().stream().filter(Category::highRisk).toList();
    if (!risky.isEmpty()) {
      return screened(Verdict.caution, List.of(new Coded(HIGH_RISK_COUNTERPARTY, "This transfer moved funds " + side
          + " " + c.address() + ", labelled " + risky.get(0) + ".")), warnings);
    }
    if (!c.indexed()) {
      return pending(new Coded(COUNTERPARTY_UNKNOWN, "Vouch has no committed evidence on " + c.address()
          + " yet; its first index is queued and this screening completes when it commits."), warnings, true);
    }
    List<Coded> reasons = new ArrayList<>();
    Set<String> watched = direction == Direction.received ? SOURCE_CAUTIONS : DESTINATION_CAUTIONS;
    List<String> found = codes.stream().filter(watched::contains).toList();
    if (!found.isEmpty()) {
      reasons.add(direction == Direction.received
          ? new Coded(HIGH_RISK_SOURCE, "The sender " + c.address() + " was funded from high-risk or sanctioned-adjacent"
              + " sources (" + String.join(", ", found) + ").")
          : new Coded(HIGH_RISK_DESTINATION, "The recipient " + c.address() + " pays high-risk or sanctioned-adjacent"
              + " addresses (" + String.join(", ", found) + ")."));
    } else if (d != null && d.decision() == Verdict.block) {
      reasons.add(new Coded(COUNTERPARTY_BLOCKED, "The counterparty's own decision is block ("
          + String.join(", ", codes) + ")."));
    }
    return screened(reasons.isEmpty() ? Verdict.allow : Verdict.caution, reasons, warnings);
  }

  private static TransferVerdict pending(Coded why, List<Coded> warnings, boolean queueIntake) {
    return new TransferVerdict(TransferVerdict.Status.pending, null, List.of(why), warnings, queueIntake);
  }

  private static TransferVerdict screened(Verdict v, List<Coded> reasons, List<Coded> warnings) {
    return new TransferVerdict(TransferVerdict.Status.screened, v, reasons, warnings, false);
  }
}
