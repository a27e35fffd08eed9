package dev.vouch.chain;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.chain.model.TokenOutcome;
import dev.vouch.chain.model.TokenTransfer;
import dev.vouch.config.ChainConfig;
import java.math.BigInteger;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The one place every provider's token transfers pass (issue 35, item 1): a zero-value transfer
 * of a registered token is what anyone can make in a wallet's name, so it is dropped and counted,
 * and it takes no place under the cap.
 */
class TokenTransfersTest {

  static final String W = "0x" + "a".repeat(40);
  static final String X = "0x" + "5".repeat(40);
  static final String USDC = "0x" + "9".repeat(40);
  static final String FAKE = "0x" + "8".repeat(40);
  static final ChainConfig CHAIN = new ChainConfig("Ethereum Mainnet", 1, "ETH", "https://x/{address}",
      ChainConfig.EvidenceMode.history, 2, List.of("http://x.invalid"), 5000, 4, 25, 10)
      .withTokens(List.of(new ChainConfig.Token(USDC, "USDC", 6, true)));

  static TokenTransfers.Raw raw(long block, String token, String from, String to, long value) {
    return new TokenTransfers.Raw("0x" + String.format("%064x", block), block, 0, Instant.ofEpochSecond(block), token,
        from, to, BigInteger.valueOf(value));
  }

  @Test
  void zeroValueTransfersAreDroppedCountedAndTakeNoPlaceUnderTheCap() {
    List<TokenTransfers.Raw> raws = new ArrayList<>();
    raws.add(raw(1, USDC, W, X, 5_000_000));       // the wallet's real payment, oldest
    raws.add(raw(2, USDC, X, W, 1_000_000));
    for (int b = 3; b < 8; b++) {
      raws.add(raw(b, USDC, W, X, 0));             // transferFrom(W, X, 0) by anyone
    }
    raws.add(raw(9, FAKE, W, X, 7));
    TokenOutcome o = TokenTransfers.outcome(CHAIN, W, raws, false, 2);
    assertThat(o.transfers()).extracting(TokenTransfer::blockNumber).containsExactly(2L, 1L);
    assertThat(o.transfers()).allMatch(t -> t.value().signum() > 0);
    assertThat(o.zeroValue()).isEqualTo(5);
    assertThat(o.unverified()).isEqualTo(1);
    assertThat(o.capped()).isFalse();
  }
}
