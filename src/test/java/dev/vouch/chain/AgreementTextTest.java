package dev.vouch.chain;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** chains verify's agreement line reads as English whatever the number of sources that answered. */
class AgreementTextTest {

  @Test
  void tooFewSourcesSayHowManyAnsweredInWords() {
    String wallet = "0x" + "ab".repeat(20);
    ChainVerification.Agreement none = ChainVerification.agreement(wallet, Map.of());
    assertThat(none.status()).isEqualTo("not_checked");
    assertThat(none.text()).isEqualTo("agreement: not checked on " + wallet + " (no source answered; two are needed)");
  }
}
