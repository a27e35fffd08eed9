package dev.vouch.chain.model;

import java.math.BigInteger;
import java.util.List;

/**
 * One transaction as a chain's provider answered it (transaction, receipt and head in one batch),
 * every field checked for form; nothing is interpreted yet.
 *
 * @param found false when the provider knows no transaction by that hash (the rest is empty)
 * @param block null while the transaction is not mined (no receipt yet)
 * @param succeeded the receipt's status; null while not mined
 * @param head the chain's newest block when it answered
 * @param logs the receipt's logs in order (empty while not mined or reverted)
 */
public record TxEvidence(boolean found, String from, String to, BigInteger value, Long block, Boolean succeeded,
    long head, List<Log> logs) {

  /** One receipt log: lower-case address and topics, data as 0x hex. */
  public record Log(long logIndex, String address, List<String> topics, String data) {

    public Log {
      topics = List.copyOf(topics);
    }
  }

  public TxEvidence {
    logs = logs == null ? List.of() : List.copyOf(logs);
  }

  public static TxEvidence notFound(long head) {
    return new TxEvidence(false, null, null, BigInteger.ZERO, null, null, head, List.of());
  }

  /** Blocks on top of the transaction's own, its block included; 0 while not mined. */
  public long confirmations() {
    return block == null ? 0 : Math.max(0, head - block + 1);
  }
}
