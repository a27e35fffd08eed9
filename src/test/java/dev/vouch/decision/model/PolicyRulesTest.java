package dev.vouch.decision.model;

import static dev.vouch.decision.model.ExposureRulesTest.MIXER;
import static dev.vouch.decision.model.ExposureRulesTest.PAYER;
import static dev.vouch.decision.model.ExposureRulesTest.SANCTIONED;
import static dev.vouch.decision.model.ExposureRulesTest.STRONG_ONE_FLAGGED;
import static dev.vouch.decision.model.ExposureRulesTest.usdc;
import static dev.vouch.decision.model.ExposureRulesTest.eth;
import static dev.vouch.decision.model.Inputs.FULL;
import static dev.vouch.decision.model.Inputs.TRUSTED;
import static dev.vouch.decision.model.Inputs.input;
import static dev.vouch.decision.model.Inputs.snapshot;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.exposure.model.Direction;
import dev.vouch.exposure.model.ExposureModel;
import dev.vouch.exposure.model.ExposureSummary;
import dev.vouch.exposure.model.Flow;
import dev.vouch.exposure.model.SummaryJson;
import dev.vouch.screening.model.Category;
import dev.vouch.screening.model.Label;
import dev.vouch.screening.model.LabelSet;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Customer policies (issue 32 item 3): the same evidence judged with other thresholds. */
class PolicyRulesTest {

  static final String CASINO = "0x" + "ca".repeat(20);
  static final LabelSet LABELS = LabelSet.of(List.of(
      new Label(SANCTIONED, null, Category.sanctioned, "Lazarus", "OFAC_SDN"),
      new Label(MIXER, null, Category.mixer, "Tornado", "LABELS"),
      new Label(CASINO, null, Category.gambling, "Casino", "LABELS")), "v1");
  static final PolicyRef REF = new PolicyRef("pol_7", 3, "ab".repeat(32));

  static ExposureSummary summary(List<Flow> flows) {
    return ExposureModel.compute(Inputs.WALLET, flows, List.of(), LABELS).summary();
  }

  static Decision decide(ExposureSummary s, Policy p, PolicyRef ref) {
    return DecisionModel.decide(input(UseCase.payment, snapshot(STRONG_ONE_FLAGGED, Duration.ofHours(1), FULL), TRUSTED)
        .withExposure(s).withPolicy(p, ref));
  }

  static List<String> codes(List<Coded> c) {
    return c.stream().map(Coded::code).toList();
  }

  static Policy with(Category c, Direction d, Policy.Rule r) {
    Map<Category, Policy.Rules> cats = new EnumMap<>(Policy.DEFAULT.categories());
    Policy.Rules old = cats.get(c);
    cats.put(c, d == Direction.in ? new Policy.Rules(r, old.out()) : new Policy.Rules(old.in(), r));
    Policy p = Policy.DEFAULT;
    return new Policy(cats, p.indirectSanctionedShares(), p.dust(), p.limitScale(), p.transferMinUsd());
  }

  static final List<Flow> MIXER_2_PERCENT = List.of(usdc(MIXER, 1, 0, "200", "0"), usdc(PAYER, 5, 0, "9800", "0"));
  static final List<Flow> MIXER_6_PERCENT = List.of(usdc(MIXER, 1, 0, "600", "0"), usdc(PAYER, 5, 0, "9400", "0"));

  @Test
  void theDefaultPolicyDecidesExactlyAsBeforeWithNoPolicyNamed() {
    for (List<Flow> flows : List.of(MIXER_2_PERCENT, MIXER_6_PERCENT,
        List.of(usdc(SANCTIONED, 1, 0, "0.10", "0"), usdc(PAYER, 5, 0, "5000", "0")),
        List.of(usdc(SANCTIONED, 1, 0, "500", "0"), usdc(PAYER, 5, 0, "9500", "0")))) {
      ExposureSummary s = summary(flows);
      Decision before = DecisionModel.decide(input(UseCase.payment,
          snapshot(STRONG_ONE_FLAGGED, Duration.ofHours(1), FULL), TRUSTED).withExposure(s));
      assertThat(decide(s, Policy.DEFAULT, null)).isEqualTo(before);
      assertThat(before.policy()).isNull();
    }
  }

  @Test
  void mixerSetToBlockAtALowShareTurnsCautionIntoBlockAndNamesThePolicy() {
    Policy strict = with(Category.mixer, Direction.in,
        new Policy.Rule(Policy.Action.block, BigDecimal.ZERO, new BigDecimal("0.01")));
    Decision before = decide(summary(MIXER_6_PERCENT), Policy.DEFAULT, null);
    assertThat(before.decision()).isEqualTo(Verdict.caution);
    assertThat(codes(before.reasons())).contains("EXPOSURE_HIGH_RISK_IN");
    Decision after = decide(summary(MIXER_6_PERCENT), strict, REF);
    assertThat(after.decision()).isEqualTo(Verdict.block);
    assertThat(codes(after.reasons()).get(0)).isEqualTo("EXPOSURE_HIGH_RISK_IN");
    assertThat(after.reasons().get(0).message()).contains("600.00 USD", "addresses labelled mixer", "6 %");
    assertThat(after.riskLevel()).isEqualTo("High Risk");
    assertThat(after.recommendedLimit().amountUsdc()).isZero();
    assertThat(after.policy()).isEqualTo(REF);
    // 2 %: under today's 5 % nothing; under the customer's 1 % a block.
    assertThat(codes(decide(summary(MIXER_2_PERCENT), Policy.DEFAULT, null).reasons()))
        .doesNotContain("EXPOSURE_HIGH_RISK_IN");
    assertThat(decide(summary(MIXER_2_PERCENT), strict, REF).decision()).isEqualTo(Verdict.block);
  }

  @Test
  void warnOnlyWarnsAndIgnoreDropsTheRule() {
    Decision warned = decide(summary(MIXER_6_PERCENT), with(Category.mixer, Direction.in,
        new Policy.Rule(Policy.Action.warn, new BigDecimal("100"), new BigDecimal("0.05"))), REF);
    assertThat(codes(warned.reasons())).doesNotContain("EXPOSURE_HIGH_RISK_IN");
    assertThat(codes(warned.warnings())).contains("EXPOSURE_HIGH_RISK_IN");
    Decision ignored = decide(summary(MIXER_6_PERCENT), with(Category.mixer, Direction.in,
        new Policy.Rule(Policy.Action.ignore, new BigDecimal("100"), new BigDecimal("0.05"))), REF);
    assertThat(codes(ignored.reasons())).doesNotContain("EXPOSURE_HIGH_RISK_IN");
    assertThat(codes(ignored.warnings())).doesNotContain("EXPOSURE_HIGH_RISK_IN");
  }

  @Test
  void aCategoryTodayIgnoredCanBeCautionedAndPaymentsToItToo() {
    List<Flow> flows = List.of(usdc(CASINO, 1, 1, "300", "50"), usdc(PAYER, 5, 0, "9700", "0"));
    assertThat(codes(decide(summary(flows), Policy.DEFAULT, null).reasons())).doesNotContain("EXPOSURE_CATEGORY_IN");
    Policy p = with(Category.gambling, Direction.in, new Policy.Rule(Policy.Action.caution, new BigDecimal("100"),
        new BigDecimal("0.02")));
    p = withOut(p, Category.gambling, new Policy.Rule(Policy.Action.caution, BigDecimal.ZERO, BigDecimal.ZERO));
    Decision d = decide(summary(flows), p, REF);
    assertThat(codes(d.reasons())).contains("EXPOSURE_CATEGORY_IN", "EXPOSURE_CATEGORY_OUT");
  }

  static Policy withOut(Policy base, Category c, Policy.Rule r) {
    Map<Category, Policy.Rules> cats = new EnumMap<>(base.categories());
    cats.put(c, new Policy.Rules(cats.get(c).in(), r));
    return new Policy(cats, base.indirectSanctionedShares(), base.dust(), base.limitScale(), base.transferMinUsd());
  }

  @Test
  void aStricterDustBoundMakesUnsolicitedSanctionedDustACaution() {
    ExposureSummary s = summary(List.of(eth(SANCTIONED, 1, 0), usdc(PAYER, 5, 0, "5000", "0")));
    assertThat(codes(decide(s, Policy.DEFAULT, null).warnings())).contains("EXPOSURE_SANCTIONED_DUST");
    Policy p = Policy.DEFAULT;
    Policy noDust = new Policy(p.categories(), p.indirectSanctionedShares(), new Policy.Dust(BigDecimal.ZERO, 0),
        p.limitScale(), p.transferMinUsd());
    assertThat(codes(decide(s, noDust, REF).reasons())).contains("EXPOSURE_SANCTIONED_IN_MINOR");
    Policy anyInflowBlocks = with(Category.sanctioned, Direction.in,
        new Policy.Rule(Policy.Action.block, BigDecimal.ZERO, BigDecimal.ZERO));
    assertThat(decide(s, anyInflowBlocks, REF).decision()).isEqualTo(Verdict.block);
  }

  @Test
  void theLimitScaleMultipliesTheRecommendedLimitRoundedDown() {
    ExposureSummary s = summary(MIXER_2_PERCENT);
    Decision before = decide(s, Policy.DEFAULT, null);
    Map<UseCase, BigDecimal> scale = new EnumMap<>(Policy.DEFAULT.limitScale());
    scale.put(UseCase.payment, new BigDecimal("0.333"));
    Policy p = Policy.DEFAULT;
    Decision after = decide(s, new Policy(p.categories(), p.indirectSanctionedShares(), p.dust(), scale,
        p.transferMinUsd()), REF);
    assertThat(after.recommendedLimit().amountUsdc())
        .isEqualTo(BigDecimal.valueOf(before.recommendedLimit().amountUsdc()).multiply(new BigDecimal("0.333"))
            .longValue());
    assertThat(after.recommendedLimit().basis()).contains("Scaled by 0.333");
  }

  @Test
  void aSummaryStoredBeforeFiguresJudgesAMixerRuleOnTheWholeHighRiskFigureAnUpperBound() {
    ExposureSummary s = summary(MIXER_6_PERCENT);
    assertThat(s.figures()).isNotNull();
    ExposureSummary old = s.withFigures(null);
    Policy strict = with(Category.mixer, Direction.in,
        new Policy.Rule(Policy.Action.block, BigDecimal.ZERO, new BigDecimal("0.01")));
    assertThat(decide(old, strict, REF).decision()).isEqualTo(Verdict.block);
  }

  @Test
  void theFiguresSurviveStorageButNeverReachTheWireForm() throws Exception {
    ExposureSummary s = summary(List.of(usdc(MIXER, 1, 0, "600.123456", "0"), usdc(PAYER, 5, 0, "9400", "0")));
    ExposureSummary back = SummaryJson.read(SummaryJson.write(s));
    assertThat(back).isEqualTo(s);
    String wire = new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(s);
    assertThat(wire).doesNotContain("figures").doesNotContain("groups");
  }
}
