package dev.vouch.transfer.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.chain.model.TxEvidence;
import dev.vouch.config.ChainConfig;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TransferMatchTest {

  static final String ME = "0x" + "a".repeat(40);
  static final String OTHER = "0x" + "b".repeat(40);
  static final String THIRD = "0x" + "c".repeat(40);
  static final String USDC = "0x" + "1".repeat(40);
  static final String FAKE = "0x" + "f".repeat(40);
  static final ChainConfig CHAIN = new ChainConfig("Devnet", 31337, "ETH", "https://x/{address}",
      ChainConfig.EvidenceMode.history, 100, List.of("http://localhost:1"), 1000, 1, 0, 0, List.of(), 3,
      List.of(new ChainConfig.Token(USDC, "USDC", 6, true)));

  static String word(String address) {
    return "0x" + "0".repeat(24) + address.substring(2);
  }

  static String amount(long v) {
    String h = Long.toHexString(v);
    return "0x" + "0".repeat(64 - h.length()) + h;
  }

  static TxEvidence.Log transfer(long index, String token, String from, String to, long value) {
    return new TxEvidence.Log(index, token, List.of(TransferMatch.TRANSFER_TOPIC, word(from), word(to)), amount(value));
  }

  static TxEvidence tx(String from, String to, long value, TxEvidence.Log... logs) {
    return new TxEvidence(true, from, to, BigInteger.valueOf(value), 10L, true, 12, List.of(logs));
  }

  @Test
  void aDepositOfARegisteredStablecoinNamesItsSenderAndItsUsdValue() {
    var f = TransferMatch.find(tx(OTHER, USDC, 0, transfer(4, USDC, OTHER, ME, 1_234_567_891)), CHAIN, ME,
        Direction.received, null);
    Moved m = ((TransferMatch.Found) f).transfer();
    assertThat(m.counterparty()).isEqualTo(OTHER);
    assertThat(m.logIndex()).isEqualTo(4);
    assertThat(m.symbol()).isEqualTo("USDC");
    assertThat(m.valued()).isTrue();
    assertThat(m.usdValue()).isEqualByComparingTo("1234.567891");
  }

  @Test
  void theNativeValueIsATransferToTheRecipientAndFromTheSender() {
    TxEvidence t = tx(OTHER, ME, 5);
    assertThat(((TransferMatch.Found) TransferMatch.find(t, CHAIN, ME, Direction.received, null)).transfer())
        .satisfies(m -> {
          assertThat(m.counterparty()).isEqualTo(OTHER);
          assertThat(m.logIndex()).isNull();
          assertThat(m.symbol()).isEqualTo("ETH");
          assertThat(m.usdValue()).isNull();
        });
    assertThat(((TransferMatch.Found) TransferMatch.find(tx(ME, OTHER, 5), CHAIN, ME, Direction.sent, null))
        .transfer().counterparty()).isEqualTo(OTHER);
    // The right address, the wrong direction.
    assertThat(TransferMatch.find(t, CHAIN, ME, Direction.sent, null)).isInstanceOf(TransferMatch.NotTouching.class);
  }

  @Test
  void zeroValueTransfersNeverCount() {
    TxEvidence t = tx(OTHER, ME, 0, transfer(0, USDC, OTHER, ME, 0));
    assertThat(TransferMatch.find(t, CHAIN, ME, Direction.received, null)).isInstanceOf(TransferMatch.NotTouching.class);
  }

  @Test
  void anUnregisteredTokenIsFoundButUnvalued() {
    var f = TransferMatch.find(tx(THIRD, FAKE, 0, transfer(0, FAKE, OTHER, ME, 50)), CHAIN, ME, Direction.received, null);
    Moved m = ((TransferMatch.Found) f).transfer();
    assertThat(m.valued()).isFalse();
    assertThat(m.symbol()).isNull();
    assertThat(m.usdValue()).isNull();
    assertThat(m.amount()).isEqualTo(50);
  }

  @Test
  void severalMatchingTransfersWithoutLogIndexAskForOne() {
    TxEvidence t = tx(THIRD, USDC, 0, transfer(1, USDC, OTHER, ME, 10), transfer(2, USDC, THIRD, OTHER, 7),
        transfer(3, USDC, THIRD, ME, 20));
    var f = TransferMatch.find(t, CHAIN, ME, Direction.received, null);
    assertThat(f).isEqualTo(new TransferMatch.Several(List.of(1L, 3L), false));
    assertThat(TransferMatch.several((TransferMatch.Several) f, ME)).contains("logs 1, 3").contains("logIndex");
    Moved third = ((TransferMatch.Found) TransferMatch.find(t, CHAIN, ME, Direction.received, 3L)).transfer();
    assertThat(third.counterparty()).isEqualTo(THIRD);
    assertThat(third.amount()).isEqualTo(20);
    // A log that does not touch the address is no answer either.
    assertThat(TransferMatch.find(t, CHAIN, ME, Direction.received, 2L)).isInstanceOf(TransferMatch.NotTouching.class);
  }

  @Test
  void aRevertedTransactionMovedNothingAndAnUnknownHashIsNoTransaction() {
    TxEvidence reverted = new TxEvidence(true, OTHER, ME, BigInteger.TEN, 10L, false, 12, List.of());
    assertThat(TransferMatch.find(reverted, CHAIN, ME, Direction.received, null)).isInstanceOf(TransferMatch.Reverted.class);
    assertThat(TransferMatch.find(TxEvidence.notFound(12), CHAIN, ME, Direction.received, null))
        .isInstanceOf(TransferMatch.NoSuchTransaction.class);
  }

  @Test
  void nftTransfersAndOddLogsAreNotFungibleTransfers() {
    List<TxEvidence.Log> logs = new ArrayList<>();
    // ERC-721: the same signature with the token id as a fourth topic.
    logs.add(new TxEvidence.Log(0, USDC, List.of(TransferMatch.TRANSFER_TOPIC, word(OTHER), word(ME), amount(1)), "0x"));
    // A topic that is not an address word.
    logs.add(new TxEvidence.Log(1, USDC, List.of(TransferMatch.TRANSFER_TOPIC, "0x" + "f".repeat(64), word(ME)),
        amount(1)));
    TxEvidence t = new TxEvidence(true, OTHER, USDC, BigInteger.ZERO, 10L, true, 12, logs);
    assertThat(TransferMatch.find(t, CHAIN, ME, Direction.received, null)).isInstanceOf(TransferMatch.NotTouching.class);
  }

  @Test
  void aTransactionNotYetMinedIsMatchedOnItsNativeValueOnly() {
    TxEvidence pending = new TxEvidence(true, OTHER, ME, BigInteger.TEN, null, null, 12, List.of());
    assertThat(pending.confirmations()).isZero();
    assertThat(TransferMatch.find(pending, CHAIN, ME, Direction.received, null)).isInstanceOf(TransferMatch.Found.class);
    TxEvidence token = new TxEvidence(true, OTHER, USDC, BigInteger.ZERO, null, null, 12, List.of());
    assertThat(TransferMatch.find(token, CHAIN, ME, Direction.received, null)).isInstanceOf(TransferMatch.NotMined.class);
  }
}
