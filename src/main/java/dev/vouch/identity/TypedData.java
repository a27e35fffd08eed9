package dev.vouch.identity;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

/**
 * The EIP-712 typed data attesters and counterparties sign (docs/identities.md). Domain: name
 * "Vouch", version "1", the home chain id. Numbers are JSON numbers (all below 2^53).
 */
final class TypedData {

  static final String DOMAIN_NAME = "Vouch";
  static final String DOMAIN_VERSION = "1";

  private TypedData() {}

  static JsonObject attestation(long homeChainId, String attester, String subject, long chainId, String txHash,
      long deadline) {
    JsonObject types = domainTypes().put("Attestation", fields(
        "attester", "address", "subject", "address", "chainId", "uint256", "txHash", "bytes32",
        "deadline", "uint256"));
    JsonObject message = new JsonObject().put("attester", attester).put("subject", subject).put("chainId", chainId)
        .put("txHash", txHash).put("deadline", deadline);
    return wrap(types, "Attestation", homeChainId, message);
  }

  /** action: accept, reject or revoke, naming the attestation by id and content. */
  static JsonObject decision(long homeChainId, String action, long attestationId, String attester, String subject,
      long chainId, String txHash, long deadline) {
    JsonObject types = domainTypes().put("AttestationDecision", fields(
        "action", "string", "attestationId", "uint256", "attester", "address", "subject", "address",
        "chainId", "uint256", "txHash", "bytes32", "deadline", "uint256"));
    JsonObject message = new JsonObject().put("action", action).put("attestationId", attestationId)
        .put("attester", attester).put("subject", subject).put("chainId", chainId).put("txHash", txHash)
        .put("deadline", deadline);
    return wrap(types, "AttestationDecision", homeChainId, message);
  }

  private static JsonObject domainTypes() {
    return new JsonObject().put("EIP712Domain", fields("name", "string", "version", "string", "chainId", "uint256"));
  }

  private static JsonObject wrap(JsonObject types, String primary, long homeChainId, JsonObject message) {
    return new JsonObject().put("types", types).put("primaryType", primary)
        .put("domain", new JsonObject().put("name", DOMAIN_NAME).put("version", DOMAIN_VERSION)
            .put("chainId", homeChainId))
        .put("message", message);
  }

  private static JsonArray fields(String... nameType) {
    JsonArray out = new JsonArray();
    for (int i = 0; i < nameType.length; i += 2) {
      out.add(new JsonObject().put("name", nameType[i]).put("type", nameType[i + 1]));
    }
    return out;
  }
}
