package dev.vouch.transfer.model;

import static dev.vouch.transfer.model.TransferMatchTest.CHAIN;
import static dev.vouch.transfer.model.TransferMatchTest.FAKE;
import static dev.vouch.transfer.model.TransferMatchTest.ME;
import static dev.vouch.transfer.model.TransferMatchTest.OTHER;
import static dev.vouch.transfer.model.TransferMatchTest.THIRD;
import static dev.vouch.transfer.model.TransferMatchTest.USDC;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.chain.model.BlockTransfer;
import java.math.BigInteger;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class WatchMatchTest {

  static final String HASH = "0x" + "9".repeat(64);
  static final String HASH2 = "0x" + "8".repeat(64);

  static BlockTransfer token(long block, String hash, long index, String token, String from, String to, long v) {
    return new BlockTransfer(block, hash, index, token, from, to, BigInteger.valueOf(v));
  }

  static BlockTransfer nativeValue(long block, String hash, String from, String to, long v) {
    return new BlockTransfer(block, hash, null, null, from, to, BigInteger.valueOf(v));
  }

  @Test
  void aTokenDepositToAWatchedWalletIsItsReceivedScreeningValuedAsTheRegistrySays() {
    List<WatchMatch.Screening> s = WatchMatch.screenings(List.of(token(10, HASH, 3, USDC, OTHER, ME, 2_500_000)),
        Set.of(ME), CHAIN);
    assertThat(s).containsExactly(new WatchMatch.Screening(ME, Direction.received, 10, HASH,
        new Moved(3L, USDC, "USDC", 6, true, true, OTHER, BigInteger.valueOf(2_500_000))));
    assertThat(s.get(0).moved().usdValue()).isEqualByComparingTo("2.5");
  }

  @Test
  void aWatchedScreeningIsTheTransferThatAScreeningByHashFinds() {
    // The same transfer asked for by hash (POST /api/v1/transfers) and found by the scanner: the same row.
    var tx = TransferMatchTest.tx(OTHER, ME, 7, TransferMatchTest.transfer(3, USDC, OTHER, ME, 2_500_000));
    Moved byLog = ((TransferMatch.Found) TransferMatch.find(tx, CHAIN, ME, Direction.received, 3L)).transfer();
    Moved byValue = ((TransferMatch.Found) TransferMatch.find(TransferMatchTest.tx(OTHER, ME, 7), CHAIN, ME,
        Direction.received, null)).transfer();
    List<WatchMatch.Screening> s = WatchMatch.screenings(List.of(token(10, HASH, 3, USDC, OTHER, ME, 2_500_000),
        nativeValue(10, HASH, OTHER, ME, 7)), Set.of(ME), CHAIN);
    assertThat(s).extracting(WatchMatch.Screening::moved).containsExactly(byValue, byLog);
  }

  @Test
  void aTransferBetweenTwoWatchedWalletsOrToItselfMakesBothSides() {
    List<WatchMatch.Screening> s = WatchMatch.screenings(List.of(nativeValue(5, HASH, ME, OTHER, 1),
        token(6, HASH2, 0, USDC, ME, ME, 4)), Set.of(ME, OTHER), CHAIN);
    assertThat(s).extracting(x -> x.address() + "/" + x.direction() + "/" + x.moved().counterparty())
        .containsExactly(ME + "/sent/" + OTHER, OTHER + "/received/" + ME, ME + "/received/" + ME, ME + "/sent/" + ME);
  }

  @Test
  void unwatchedUnregisteredAndZeroValueTransfersMakeNoScreening() {
    List<WatchMatch.Screening> s = WatchMatch.screenings(List.of(token(1, HASH, 0, FAKE, OTHER, ME, 5),
        token(1, HASH, 1, USDC, OTHER, ME, 0), nativeValue(1, HASH2, OTHER, THIRD, 9),
        nativeValue(2, HASH2, OTHER, ME, 0)), Set.of(ME), CHAIN);
    assertThat(s).isEmpty();
  }

  @Test
  void screeningsComeInChainOrderWhateverTheReadOrder() {
    List<WatchMatch.Screening> s = WatchMatch.screenings(List.of(token(9, HASH, 4, USDC, OTHER, ME, 1),
        nativeValue(9, HASH, OTHER, ME, 1), token(9, HASH, 2, USDC, OTHER, ME, 1), nativeValue(3, HASH2, OTHER, ME, 1)),
        Set.of(ME), CHAIN);
    assertThat(s).extracting(x -> x.block() + ":" + x.moved().logIndex())
        .containsExactly("3:null", "9:null", "9:2", "9:4");
  }
}
