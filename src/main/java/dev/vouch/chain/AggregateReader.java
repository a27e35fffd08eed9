package dev.vouch.chain;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vouch.chain.model.ChainOutcome;
import io.vertx.core.Future;
import java.util.List;

/** Nonce, balance and code at the latest block: standard methods only, one round trip. */
public final class AggregateReader {

  /** EIP-7702 delegation designator: such an account is still an EOA whose nonce counts its transactions. */
  private static final int DELEGATION_LENGTH = 23;

  private AggregateReader() {}

  public static Future<ChainOutcome.Aggregate> read(RpcSession session, String wallet, boolean fallback) {
    return session.batch(List.of(
            RpcCall.of("eth_blockNumber"),
            RpcCall.of("eth_getTransactionCount", wallet, "latest"),
            RpcCall.of("eth_getBalance", wallet, "latest"),
            RpcCall.of("eth_getCode", wallet, "latest")))
        .map(r -> {
          RpcShapes.smallQuantity(r.get(0), "eth_blockNumber");
          JsonNode code = r.get(3);
          int codeLength = RpcShapes.dataLength(code, "eth_getCode");
          boolean contract = codeLength > 0
              && !(codeLength == DELEGATION_LENGTH && code.textValue().regionMatches(true, 0, "0xef0100", 0, 8));
          return new ChainOutcome.Aggregate(
              RpcShapes.smallQuantity(r.get(1), "eth_getTransactionCount"),
              RpcShapes.quantity(r.get(2), "eth_getBalance"), contract, fallback);
        });
  }
}
