package dev.vouch.chain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vouch.chain.model.TxEvidence;
import org.junit.jupiter.api.Test;

/**
 * Faults a real node does not produce: a provider answering another transaction than the one
 * asked for, or a log out of form, fails the read as MALFORMED (never a screening on wrong data).
 */
class TxEvidenceShapesTest {

  static final ObjectMapper M = new ObjectMapper();
  static final String HASH = "0x" + "1".repeat(64);
  static final String OTHER = "0x" + "2".repeat(64);
  static final String A = "0x" + "a".repeat(40);

  static JsonNode tx(String hash) throws Exception {
    return M.readTree("{\"hash\":\"" + hash + "\",\"from\":\"" + A + "\",\"to\":\"" + A + "\",\"value\":\"0x1\"}");
  }

  @Test
  void anAnswerForAnotherTransactionIsMalformed() {
    assertThatThrownBy(() -> ChainCheck.evidence(HASH, tx(OTHER), null, 10))
        .isInstanceOfSatisfying(RpcException.class, e -> assertThat(e.kind()).isEqualTo(RpcException.Kind.MALFORMED));
  }

  @Test
  void aLogWithATopicThatIsNotAHashIsMalformed() throws Exception {
    JsonNode receipt = M.readTree("{\"blockNumber\":\"0x5\",\"status\":\"0x1\",\"logs\":[{\"logIndex\":\"0x0\",\"address\":\""
        + A + "\",\"topics\":[\"0x12\"],\"data\":\"0x\"}]}");
    assertThatThrownBy(() -> ChainCheck.evidence(HASH, tx(HASH), receipt, 10))
        .isInstanceOfSatisfying(RpcException.class, e -> assertThat(e.kind()).isEqualTo(RpcException.Kind.MALFORMED));
  }

  @Test
  void noReceiptYetIsATransactionNotMined() throws Exception {
    TxEvidence e = ChainCheck.evidence(HASH, tx(HASH), null, 10);
    assertThat(e.found()).isTrue();
    assertThat(e.block()).isNull();
    assertThat(e.succeeded()).isNull();
    assertThat(e.confirmations()).isZero();
    assertThat(ChainCheck.evidence(HASH, M.nullNode(), M.nullNode(), 10).found()).isFalse();
  }
}
