package dev.vouch.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vouch.decision.model.Policy;
import dev.vouch.error.ApiError;
import dev.vouch.exposure.model.Direction;
import dev.vouch.screening.model.Category;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

/** A policy body: the OpenAPI document's schema, merged over the default, hashed canonically. */
class PolicyJsonTest {

  static String error(String body) {
    try {
      PolicyJson.parse(body);
    } catch (ApiError e) {
      assertThat(e.status()).isEqualTo(400);
      assertThat(e.code()).isEqualTo("INVALID_REQUEST");
      return e.getMessage();
    }
    throw new AssertionError("accepted: " + body);
  }

  @Test
  void anEmptyBodyIsTheDefaultWithTheDefaultsHash() {
    PolicyJson.Parsed p = PolicyJson.parse("{}");
    assertThat(p.policy()).isEqualTo(Policy.DEFAULT);
    assertThat(p.hash()).isEqualTo(PolicyJson.DEFAULT.hash()).matches("^[0-9a-f]{64}$");
    assertThat(PolicyJson.read(p.body())).isEqualTo(Policy.DEFAULT);
  }

  @Test
  void aPartialBodyKeepsEveryOtherDefaultAndTheHashFollowsTheValuesNotTheSpelling() {
    PolicyJson.Parsed p = PolicyJson.parse("{\"categories\":{\"mixer\":{\"in\":{\"action\":\"block\",\"minShare\":0.01}}}}");
    Policy.Rule mixerIn = p.policy().rule(Category.mixer, Direction.in);
    assertThat(mixerIn.action()).isEqualTo(Policy.Action.block);
    assertThat(mixerIn.minShare()).isEqualByComparingTo("0.01");
    assertThat(mixerIn.minUsd()).isEqualByComparingTo("100");
    assertThat(p.policy().rule(Category.scam, Direction.in)).isEqualTo(Policy.DEFAULT.rule(Category.scam, Direction.in));
    assertThat(PolicyJson.parse("{\"categories\":{\"mixer\":{\"in\":{\"minShare\":0.010,\"action\":\"block\"}}}}").hash())
        .isEqualTo(p.hash());
    assertThat(p.hash()).isNotEqualTo(PolicyJson.DEFAULT.hash());
  }

  @Test
  void aBadValueIs400NamingTheField() {
    assertThat(error("{\"categories\":{\"mixer\":{\"in\":{\"minShare\":2}}}}")).contains("categories.mixer.in.minShare");
    assertThat(error("{\"categories\":{\"scam\":{\"out\":{\"action\":\"panic\"}}}}")).contains("categories.scam.out.action");
    assertThat(error("{\"limitScale\":{\"payment\":-1}}")).contains("limitScale.payment");
    assertThat(error("{\"indirectSanctionedShares\":[0.1, 0.2]}")).contains("indirectSanctionedShares.0");
    assertThat(error("{\"categories\":{\"casino\":{}}}")).contains("categories");
    assertThat(error("[1]")).contains("JSON object");
  }

  @Test
  void directSanctionedExposureCannotBeWeakenedBelowBlock() {
    assertThat(error("{\"categories\":{\"sanctioned\":{\"in\":{\"action\":\"caution\"}}}}"))
        .contains("categories.sanctioned.in.action");
    assertThat(error("{\"categories\":{\"sanctioned\":{\"out\":{\"action\":\"warn\"}}}}"))
        .contains("categories.sanctioned.out.action");
    assertThat(error("{\"categories\":{\"sanctioned\":{\"in\":{\"minUsd\":1000}}}}"))
        .contains("categories.sanctioned.in.minUsd");
    assertThat(error("{\"dust\":{\"usd\":1000}}")).contains("dust.usd");
    assertThat(error("{\"dust\":{\"maxUnvaluedTransfers\":3}}")).contains("dust.maxUnvaluedTransfers");
    // Tightening is allowed.
    Policy strict = PolicyJson.parse("{\"categories\":{\"sanctioned\":{\"in\":{\"minUsd\":0,\"minShare\":0}}},"
        + "\"dust\":{\"usd\":0,\"maxUnvaluedTransfers\":0}}").policy();
    assertThat(strict.rule(Category.sanctioned, Direction.in).minUsd()).isEqualByComparingTo(BigDecimal.ZERO);
  }
}
