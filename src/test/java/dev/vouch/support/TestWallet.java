package dev.vouch.support;

import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;

/** A wallet a test signs with: a key the test holds, or an unlocked Anvil account (signs over JSON-RPC). */
public interface TestWallet {

  String address();

  /** EIP-191 personal_sign. */
  String personalSign(String message);

  /** EIP-712 (eth_signTypedData_v4). */
  String signTyped(JsonObject typedData);

  static TestWallet of(Signer key) {
    return new TestWallet() {
      public String address() {
        return key.address;
      }

      public String personalSign(String message) {
        return key.personalSign(message);
      }

      public String signTyped(JsonObject typedData) {
        return key.signTyped(typedData);
      }
    };
  }

  /** One of the node's unlocked accounts: the node signs. */
  static TestWallet anvil(Anvil node, String account) {
    return new TestWallet() {
      public String address() {
        return account;
      }

      public String personalSign(String message) {
        return node.rpc("personal_sign",
            "0x" + HexFormat.of().formatHex(message.getBytes(StandardCharsets.UTF_8)), account).asText();
      }

      public String signTyped(JsonObject typedData) {
        return node.rpc("eth_signTypedData_v4", account, typedData.encode()).asText();
      }
    };
  }
}
