package dev.vouch.transfer.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.decision.model.Coded;
import dev.vouch.decision.model.Decision;
import dev.vouch.decision.model.UseCase;
import dev.vouch.decision.model.Verdict;
import dev.vouch.screening.model.Category;
import java.math.BigInteger;
import java.util.List;
import org.junit.jupiter.api.Test;

class TransferRulesTest {

  static final String CP = "0x" + "b".repeat(40);
  static final Moved USDC = new Moved(3L, "0x" + "1".repeat(40), "USDC", 6, true, true, CP, BigInteger.valueOf(1));
  static final Moved FAKE = new Moved(3L, "0x" + "f".repeat(40), null, null, false, false, CP, BigInteger.valueOf(1));

  static Decision decision(Verdict v, String... codes) {
    List<Coded> reasons = java.util.Arrays.stream(codes).map(c -> new Coded(c, c)).toList();
    return new Decision(CP, null, UseCase.payment, v, "x", null, reasons, List.of(), 50, null, null, null, "s", "d");
  }

  static Counterparty known(Decision d, Category... labels) {
    return new Counterparty(CP, List.of(labels), true, d);
  }

  static List<String> codes(TransferVerdict v) {
    return v.reasons().stream().map(Coded::code).toList();
  }

  @Test
  void aSanctionedCounterpartyBlocksAtAnyAmountEitherWay() {
    for (Direction d : Direction.values()) {
      TransferVerdict v = TransferRules.decide(USDC, d, 3, 3, new Counterparty(CP, List.of(Category.sanctioned), false, null));
      assertThat(v.verdict()).isEqualTo(Verdict.block);
      assertThat(codes(v)).containsExactly(TransferRules.SANCTIONED_COUNTERPARTY);
      assertThat(v.queueIntake()).isFalse();
    }
  }

  @Test
  void aCounterpartyWhoseOwnDecisionBlocksOnSanctionsBlocksTheTransfer() {
    TransferVerdict v = TransferRules.decide(USDC, Direction.received, 3, 3,
        known(decision(Verdict.block, "EXPOSURE_SANCTIONED_OUT")));
    assertThat(v.verdict()).isEqualTo(Verdict.block);
    assertThat(codes(v)).containsExactly(TransferRules.COUNTERPARTY_SANCTIONS_EXPOSURE);
  }

  @Test
  void dustFromASanctionedAddressDoesNotTaintTheVictimsTransfers() {
    // The victim's own decision only warns (EXPOSURE_SANCTIONED_DUST is a warning, not a reason).
    TransferVerdict v = TransferRules.decide(USDC, Direction.received, 3, 3, known(decision(Verdict.allow)));
    assertThat(v.verdict()).isEqualTo(Verdict.allow);
    assertThat(v.reasons()).isEmpty();
  }

  @Test
  void aHighRiskLabelOrSourceOfFundsIsCaution() {
    assertThat(TransferRules.decide(USDC, Direction.received, 3, 3, new Counterparty(CP, List.of(Category.mixer), false, null)))
        .satisfies(v -> {
          assertThat(v.verdict()).isEqualTo(Verdict.caution);
          assertThat(codes(v)).containsExactly(TransferRules.HIGH_RISK_COUNTERPARTY);
        });
    TransferVerdict funded = TransferRules.decide(USDC, Direction.received, 3, 3,
        known(decision(Verdict.caution, "EXPOSURE_HIGH_RISK_IN")));
    assertThat(funded.verdict()).isEqualTo(Verdict.caution);
    assertThat(codes(funded)).containsExactly(TransferRules.HIGH_RISK_SOURCE);
    // Where a recipient's money came from is not what a withdrawal to it feeds.
    assertThat(TransferRules.decide(USDC, Direction.sent, 3, 3, known(decision(Verdict.caution, "EXPOSURE_HIGH_RISK_IN")))
        .verdict()).isEqualTo(Verdict.allow);
    assertThat(codes(TransferRules.decide(USDC, Direction.sent, 3, 3,
        known(decision(Verdict.caution, "EXPOSURE_HIGH_RISK_OUT"))))).containsExactly(TransferRules.HIGH_RISK_DESTINATION);
  }

  @Test
  void aNeverIndexedCounterpartyIsPendingWithItsIntakeQueued() {
    TransferVerdict v = TransferRules.decide(USDC, Direction.received, 3, 3, new Counterparty(CP, List.of(), false, null));
    assertThat(v.status()).isEqualTo(TransferVerdict.Status.pending);
    assertThat(v.verdict()).isNull();
    assertThat(v.queueIntake()).isTrue();
    assertThat(codes(v)).containsExactly(TransferRules.COUNTERPARTY_UNKNOWN);
  }

  @Test
  void fewerConfirmationsThanTheChainNeedsIsPendingWhateverTheCounterparty() {
    TransferVerdict v = TransferRules.decide(USDC, Direction.received, 2, 3,
        new Counterparty(CP, List.of(Category.sanctioned), true, null));
    assertThat(v.status()).isEqualTo(TransferVerdict.Status.pending);
    assertThat(codes(v)).containsExactly(TransferRules.UNCONFIRMED);
    assertThat(v.reasons().get(0).message()).contains("2 of the 3");
    assertThat(v.queueIntake()).isFalse();
  }

  @Test
  void anUnregisteredTokenIsAllowedUnvaluedWithAWarningWhoeverItsLogNames() {
    TransferVerdict v = TransferRules.decide(FAKE, Direction.received, 3, 3,
        new Counterparty(CP, List.of(Category.sanctioned), false, null));
    assertThat(v.verdict()).isEqualTo(Verdict.allow);
    assertThat(v.warnings()).extracting(Coded::code).containsExactly(TransferRules.UNVALUED_TOKEN);
  }

  @Test
  void aCleanIndexedCounterpartyIsAllowed() {
    TransferVerdict v = TransferRules.decide(USDC, Direction.sent, 3, 3, known(decision(Verdict.caution, "LOW_SCORE")));
    assertThat(v.verdict()).isEqualTo(Verdict.allow);
    assertThat(v.status()).isEqualTo(TransferVerdict.Status.screened);
  }

  @Test
  void aMintOrBurnHasNoCounterpartyToScreenAndQueuesNoIntake() {
    Moved mint = new Moved(0L, USDC.token(), "USDC", 6, true, true, TransferRules.ZERO_ADDRESS, BigInteger.TEN);
    for (Direction d : Direction.values()) {
      TransferVerdict v = TransferRules.decide(mint, d, 3, 3, new Counterparty(TransferRules.ZERO_ADDRESS, List.of(), false, null));
      assertThat(v.verdict()).isEqualTo(Verdict.allow);
      assertThat(v.queueIntake()).isFalse();
      assertThat(v.warnings()).extracting(Coded::code).containsExactly(TransferRules.MINT_OR_BURN);
    }
  }
}
