package dev.vouch.transfer.model;

import dev.vouch.chain.model.TxEvidence;
import dev.vouch.config.ChainConfig;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Which transfer of a transaction the caller means: the native value or an ERC-20 Transfer log
 * that moves something to (received) or from (sent) its address. Zero-value transfers never count
 * (CONTRACT 10). Pure: the transaction, the chain's registry and the request in, a finding out.
 */
public final class TransferMatch {

  /** keccak256("Transfer(address,address,uint256)"). */
  public static final String TRANSFER_TOPIC = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";

  private static final String ADDRESS_WORD = "0x000000000000000000000000";

  /** What the transaction says about the request. */
  public sealed interface Finding {}

  /** The provider knows no transaction by that hash. */
  public record NoSuchTransaction() implements Finding {}

  /** The receipt's status is 0: the transaction moved nothing. */
  public record Reverted() implements Finding {}

  /** Not in a block yet and not a native transfer: its logs are not known. */
  public record NotMined() implements Finding {}

  /** Nothing in the transaction moves a positive amount the asked way for the address. */
  public record NotTouching(String why) implements Finding {}

  /** Several transfers match and no logIndex chose one. */
  public record Several(List<Long> logIndexes, boolean nativeToo) implements Finding {}

  public record Found(Moved transfer) implements Finding {}

  private TransferMatch() {}

  public static Finding find(TxEvidence tx, ChainConfig chain, String address, Direction direction, Long logIndex) {
    if (!tx.found()) {
      return new NoSuchTransaction();
    }
    if (Boolean.FALSE.equals(tx.succeeded())) {
      return new Reverted();
    }
    List<Moved> candidates = new ArrayList<>();
    Moved nativeValue = nativeTransfer(tx, chain, address, direction);
    if (nativeValue != null && logIndex == null) {
      candidates.add(nativeValue);
    }
    if (tx.block() == null) {
      return candidates.isEmpty() ? new NotMined() : new Found(candidates.get(0));
    }
    Map<String, ChainConfig.Token> registry = chain.tokensByAddress();
    for (TxEvidence.Log log : tx.logs()) {
      if (logIndex != null && log.logIndex() != logIndex) {
        continue;
      }
      Moved m = tokenTransfer(log, registry, address, direction);
      if (m != null) {
        candidates.add(m);
      }
    }
    if (candidates.size() == 1) {
      return new Found(candidates.get(0));
    }
    if (candidates.isEmpty()) {
      String side = direction == Direction.received ? "to " : "from ";
      return new NotTouching(logIndex != null
          ? "Log " + logIndex + " of this transaction is not a token transfer of a positive amount " + side + address + "."
          : "This transaction moves nothing " + side + address + " (neither its native value nor a token Transfer"
              + " log of a positive amount); check the address and the direction.");
    }
    List<Long> indexes = candidates.stream().filter(m -> m.logIndex() != null).map(Moved::logIndex).toList();
    return new Several(indexes, candidates.stream().anyMatch(m -> m.logIndex() == null));
  }

  /** The text of a {@link Several} answer. */
  public static String several(Several s, String address) {
    return "This transaction moves " + (s.logIndexes().size() + (s.nativeToo() ? 1 : 0)) + " transfers touching "
        + address + " (token logs " + s.logIndexes().stream().map(String::valueOf).collect(Collectors.joining(", "))
        + (s.nativeToo() ? ", and its native value" : "") + "); name the token transfer to screen with logIndex.";
  }

  private static Moved nativeTransfer(TxEvidence tx, ChainConfig chain, String address, Direction direction) {
    if (tx.value().signum() <= 0 || tx.to() == null) {
      return null;
    }
    String counterparty = counterparty(tx.from(), tx.to(), address, direction);
    return counterparty == null ? null
        : new Moved(null, null, chain.symbol(), 18, true, false, counterparty, tx.value());
  }

  private static Moved tokenTransfer(TxEvidence.Log log, Map<String, ChainConfig.Token> registry, String address,
      Direction direction) {
    // ERC-721 shares the signature with a fourth topic (the token id): not a fungible transfer.
    if (log.topics().size() != 3 || !TRANSFER_TOPIC.equals(log.topics().get(0))
        || log.data().length() != 66 || !isAddress(log.topics().get(1)) || !isAddress(log.topics().get(2))) {
      return null;
    }
    BigInteger amount = new BigInteger(log.data().substring(2), 16);
    if (amount.signum() == 0) {
      return null;
    }
    String from = "0x" + log.topics().get(1).substring(26);
    String to = "0x" + log.topics().get(2).substring(26);
    String counterparty = counterparty(from, to, address, direction);
    if (counterparty == null) {
      return null;
    }
    ChainConfig.Token t = registry.get(log.address());
    return t == null
        ? new Moved(log.logIndex(), log.address(), null, null, false, false, counterparty, amount)
        : new Moved(log.logIndex(), log.address(), t.symbol(), t.decimals(), true, t.usd(), counterparty, amount);
  }

  private static String counterparty(String from, String to, String address, Direction direction) {
    if (direction == Direction.received) {
      return address.equals(to) ? from : null;
    }
    return address.equals(from) ? to : null;
  }

  private static boolean isAddress(String topic) {
    return topic.startsWith(ADDRESS_WORD);
  }
}
