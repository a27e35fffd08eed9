package dev.vouch.transfer.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.decision.model.Coded;
import dev.vouch.decision.model.Decision;
import dev.vouch.decision.model.DecisionModel;
import dev.vouch.decision.model.Policy;
import dev.vouch.decision.model.UseCase;
import dev.vouch.decision.model.Verdict;
import dev.vouch.exposure.model.ExposureModel;
import dev.vouch.exposure.model.ExposureSummary;
import dev.vouch.exposure.model.Flow;
import dev.vouch.policy.PolicyJson;
import dev.vouch.screening.model.Category;
import dev.vouch.screening.model.Label;
import dev.vouch.screening.model.LabelSet;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * transfer_v0.1 with a customer policy (issue 32 item 3): the label's category action, the
 * counterparty's exposure findings with the action the policy gives them, transferMinUsd, and
 * sanctions that no policy weakens. The default policy decides as before (TransferRulesTest).
 */
class TransferPolicyRulesTest {

  static final String CP = "0x" + "b".repeat(40);
  static final String MIXER = "0x" + "11".repeat(20);
  static final String PAYER = "0x" + "f0".repeat(20);
  static final String SANCTIONED = "0x" + "5a".repeat(20);
  static final Instant AT = Instant.parse("2026-01-01T00:00:00Z");

  static Moved usdc(String whole) {
    return new Moved(3L, "0x" + "1".repeat(40), "USDC", 6, true, true, CP,
        new BigDecimal(whole).movePointRight(6).toBigIntegerExact());
  }

  static final Moved NATIVE = new Moved(null, null, "ETH", 18, true, false, CP, BigInteger.TEN.pow(18));

  static Policy policy(String json) {
    return PolicyJson.parse(json).policy();
  }

  static Flow in(String cp, String usd) {
    BigDecimal v = new BigDecimal(usd);
    return new Flow(cp, 1, "0x" + "c0".repeat(20), "USDC", 1, 0, v.movePointRight(6).toBigInteger(), null, v, null,
        AT, AT, List.of());
  }

  /** The counterparty funded 60 % from the mixer (the devnet's mixerFunded, in small), decided under {@code p}. */
  static Counterparty mixerFunded(Policy p) {
    LabelSet labels = LabelSet.of(List.of(new Label(MIXER, null, Category.mixer, "mixer", "T"),
        new Label(SANCTIONED, null, Category.sanctioned, "sdn", "T")), "v1");
    ExposureSummary e = ExposureModel.compute(CP, List.of(in(MIXER, "600"), in(PAYER, "400")), List.of(), labels)
        .summary();
    return decided(e, p);
  }

  /** A decision as DecisionModel reaches it on {@code e} (exposure findings only). */
  static Counterparty decided(ExposureSummary e, Policy p) {
    DecisionModel.ExposureFindings f = DecisionModel.exposureFindings(e, p);
    List<Coded> reasons = new ArrayList<>(f.block());
    reasons.addAll(f.caution());
    Verdict v = !f.block().isEmpty() ? Verdict.block : !f.caution().isEmpty() ? Verdict.caution : Verdict.allow;
    return new Counterparty(CP, List.of(), true, new Decision(CP, null, UseCase.payment, v, "x", null, reasons,
        f.warnings(), 60, null, null, null, "s", "d", e));
  }

  static List<String> codes(List<Coded> c) {
    return c.stream().map(Coded::code).toList();
  }

  @Test
  void theDefaultPolicyObjectDecidesAsTheRulesWithoutAPolicy() {
    Counterparty c = mixerFunded(Policy.DEFAULT);
    TransferVerdict v = TransferRules.decide(usdc("1.5"), Direction.received, 3, 3, c, Policy.DEFAULT);
    assertThat(v).isEqualTo(TransferRules.decide(usdc("1.5"), Direction.received, 3, 3, c));
    assertThat(v.verdict()).isEqualTo(Verdict.caution);
    assertThat(codes(v.reasons())).containsExactly(TransferRules.HIGH_RISK_SOURCE);
    // And the parsed default (what GET shows a caller without a policy) is the same thresholds.
    assertThat(TransferRules.decide(usdc("1.5"), Direction.received, 3, 3, c, policy("{}"))).isEqualTo(v);
  }

  @Test
  void aMixerFundedDepositIsBlockWhenThePolicyBlocksMixerInflowAndAllowWhenItIgnoresIt() {
    Policy strict = policy("{\"categories\": {\"mixer\": {\"in\": {\"action\": \"block\"}}}}");
    TransferVerdict blocked = TransferRules.decide(usdc("1.5"), Direction.received, 3, 3, mixerFunded(strict), strict);
    assertThat(blocked.verdict()).isEqualTo(Verdict.block);
    assertThat(codes(blocked.reasons())).containsExactly(TransferRules.HIGH_RISK_SOURCE);

    Policy lax = policy("{\"categories\": {\"mixer\": {\"in\": {\"action\": \"ignore\"}}}}");
    TransferVerdict allowed = TransferRules.decide(usdc("1.5"), Direction.received, 3, 3, mixerFunded(lax), lax);
    assertThat(allowed.verdict()).isEqualTo(Verdict.allow);
    assertThat(allowed.reasons()).isEmpty();

    Policy warn = policy("{\"categories\": {\"mixer\": {\"in\": {\"action\": \"warn\"}}}}");
    TransferVerdict warned = TransferRules.decide(usdc("1.5"), Direction.received, 3, 3, mixerFunded(warn), warn);
    assertThat(warned.verdict()).isEqualTo(Verdict.allow);
    assertThat(codes(warned.warnings())).containsExactly(TransferRules.HIGH_RISK_SOURCE);
  }

  @Test
  void aHigherShareThresholdKeepsTheMixerFundedDepositAllowed() {
    Policy p = policy("{\"categories\": {\"mixer\": {\"in\": {\"minShare\": 0.75}}}}");
    assertThat(TransferRules.decide(usdc("1.5"), Direction.received, 3, 3, mixerFunded(p), p).verdict())
        .isEqualTo(Verdict.allow);
  }

  @Test
  void aLabelTakesItsCategorysActionThatWay() {
    Counterparty mixer = new Counterparty(CP, List.of(Category.mixer), false, null);
    Policy p = policy("{\"categories\": {\"mixer\": {\"in\": {\"action\": \"block\"}, \"out\": {\"action\": \"warn\"}},"
        + " \"gambling\": {\"in\": {\"action\": \"caution\"}}}}");
    TransferVerdict in = TransferRules.decide(usdc("10"), Direction.received, 3, 3, mixer, p);
    assertThat(in.verdict()).isEqualTo(Verdict.block);
    assertThat(codes(in.reasons())).containsExactly(TransferRules.HIGH_RISK_COUNTERPARTY);
    // Sent to the mixer: a warning only, then the rules go on (never indexed: pending, intake queued).
    TransferVerdict out = TransferRules.decide(usdc("10"), Direction.sent, 3, 3, mixer, p);
    assertThat(out.status()).isEqualTo(TransferVerdict.Status.pending);
    assertThat(out.queueIntake()).isTrue();
    assertThat(codes(out.warnings())).containsExactly(TransferRules.HIGH_RISK_COUNTERPARTY);
    // A category the default ignores acts once the policy says so.
    Counterparty casino = new Counterparty(CP, List.of(Category.gambling), true, null);
    TransferVerdict gamble = TransferRules.decide(usdc("10"), Direction.received, 3, 3, casino, p);
    assertThat(gamble.verdict()).isEqualTo(Verdict.caution);
    assertThat(codes(gamble.reasons())).containsExactly(TransferRules.CATEGORY_COUNTERPARTY);
    assertThat(TransferRules.decide(usdc("10"), Direction.received, 3, 3, casino).verdict()).isEqualTo(Verdict.allow);
  }

  @Test
  void transferMinUsdWaivesLabelAndHighRiskFlowsUnderItWithAWarning() {
    Policy p = policy("{\"transferMinUsd\": 100}");
    Counterparty mixer = new Counterparty(CP, List.of(Category.mixer), true, null);
    TransferVerdict small = TransferRules.decide(usdc("99.99"), Direction.received, 3, 3, mixer, p);
    assertThat(small.verdict()).isEqualTo(Verdict.allow);
    assertThat(codes(small.warnings())).containsExactly(TransferRules.BELOW_POLICY_MINIMUM);
    assertThat(TransferRules.decide(usdc("100"), Direction.received, 3, 3, mixer, p).verdict())
        .isEqualTo(Verdict.caution);
    // Native value has no USD value: the floor cannot apply.
    assertThat(TransferRules.decide(NATIVE, Direction.received, 3, 3, mixer, p).verdict()).isEqualTo(Verdict.caution);

    TransferVerdict funded = TransferRules.decide(usdc("1.5"), Direction.received, 3, 3, mixerFunded(p), p);
    assertThat(funded.verdict()).isEqualTo(Verdict.allow);
    assertThat(codes(funded.warnings())).containsExactly(TransferRules.BELOW_POLICY_MINIMUM);
    assertThat(funded.warnings().get(0).message()).contains("EXPOSURE_HIGH_RISK_IN");

    // Blocked by the policy for its mixer inflow only: a small transfer is not cautioned for it either.
    Policy strict = policy("{\"transferMinUsd\": 100, \"categories\": {\"mixer\": {\"in\": {\"action\": \"block\"}}}}");
    Counterparty blocked = mixerFunded(strict);
    assertThat(blocked.decision().decision()).isEqualTo(Verdict.block);
    TransferVerdict smallSent = TransferRules.decide(usdc("1.5"), Direction.sent, 3, 3, blocked, strict);
    assertThat(smallSent.verdict()).isEqualTo(Verdict.allow);
    assertThat(smallSent.warnings().get(0).message()).contains("EXPOSURE_HIGH_RISK_IN");
    assertThat(TransferRules.decide(usdc("150"), Direction.sent, 3, 3, blocked, strict).verdict())
        .isEqualTo(Verdict.caution);
  }

  @Test
  void noPolicyWeakensSanctions() {
    // The laxest policy the schema takes: every other category ignored, a huge transfer floor.
    StringBuilder cats = new StringBuilder();
    for (Category c : Category.values()) {
      if (c != Category.sanctioned) {
        cats.append(cats.isEmpty() ? "" : ", ").append('"').append(c).append("\": {\"in\": {\"action\": \"ignore\"},"
            + " \"out\": {\"action\": \"ignore\"}}");
      }
    }
    Policy lax = policy("{\"transferMinUsd\": 1000000000, \"indirectSanctionedShares\": [null],"
        + " \"categories\": {" + cats + "}}");
    for (Direction d : Direction.values()) {
      TransferVerdict listed = TransferRules.decide(usdc("0.01"), d, 3, 3,
          new Counterparty(CP, List.of(Category.sanctioned), false, null), lax);
      assertThat(listed.verdict()).isEqualTo(Verdict.block);
      assertThat(codes(listed.reasons())).containsExactly(TransferRules.SANCTIONED_COUNTERPARTY);
    }
    // A counterparty that received real money from a sanctioned address: its decision blocks under
    // any valid policy, and so does the transfer, at any amount.
    LabelSet labels = LabelSet.of(List.of(new Label(SANCTIONED, null, Category.sanctioned, "sdn", "T")), "v1");
    ExposureSummary e = ExposureModel.compute(CP, List.of(in(SANCTIONED, "1000"), in(PAYER, "1000")), List.of(), labels)
        .summary();
    Counterparty funded = decided(e, lax);
    TransferVerdict v = TransferRules.decide(usdc("0.01"), Direction.received, 3, 3, funded, lax);
    assertThat(v.verdict()).isEqualTo(Verdict.block);
    assertThat(codes(v.reasons())).containsExactly(TransferRules.COUNTERPARTY_SANCTIONS_EXPOSURE);
    // Sanctioned inflow too small to block is still a caution under the floor (never waived).
    ExposureSummary minor = ExposureModel.compute(CP, List.of(in(SANCTIONED, "150"), in(PAYER, "100000")), List.of(),
        labels).summary();
    TransferVerdict m = TransferRules.decide(usdc("0.01"), Direction.received, 3, 3, decided(minor, lax), lax);
    assertThat(m.verdict()).isEqualTo(Verdict.caution);
    assertThat(m.reasons().get(0).message()).contains("EXPOSURE_SANCTIONED_IN_MINOR");
  }
}
