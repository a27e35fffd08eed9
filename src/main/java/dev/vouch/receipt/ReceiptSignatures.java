package dev.vouch.receipt;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSObject;
import com.nimbusds.jose.Payload;
import com.nimbusds.jose.crypto.Ed25519Verifier;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.OctetKeyPair;
import dev.vouch.receipt.model.Receipt;
import dev.vouch.receipt.model.Signature;
import java.text.ParseException;

/**
 * Checks a receipt the way a third party does: rebuild the canonical payload from the receipt's
 * own fields, compare its hash, and verify the detached JWS with the key its kid names in a JWKS.
 */
public final class ReceiptSignatures {

  /** Outcome for people and pages; {@code valid} only when hash and signature both check. */
  public record Verification(boolean valid, String kid, String detail) {}

  private ReceiptSignatures() {}

  public static Verification verify(Receipt receipt, JWKSet jwks) {
    return verify(CanonicalPayload.bytes(receipt.payload()), receipt.payloadHash(), receipt.signature(), jwks);
  }

  /** Any receipt: its payload's canonical bytes rebuilt from its fields, its hash and its signature. */
  public static Verification verify(byte[] canonical, String payloadHash, Signature signature, JWKSet jwks) {
    String kid = signature == null ? null : signature.kid();
    if (!CanonicalPayload.hash(canonical).equals(payloadHash)) {
      return new Verification(false, kid, "The payload does not match its payloadHash.");
    }
    if (signature == null) {
      return new Verification(false, null, "The receipt carries no signature.");
    }
    try {
      JWSObject jws = JWSObject.parse(signature.jws(), new Payload(canonical));
      if (!JWSAlgorithm.EdDSA.equals(jws.getHeader().getAlgorithm())) {
        return new Verification(false, kid, "Unexpected signature algorithm " + jws.getHeader().getAlgorithm() + ".");
      }
      String headerKid = jws.getHeader().getKeyID();
      JWK key = headerKid == null ? null : jwks.getKeyByKeyId(headerKid);
      if (!(key instanceof OctetKeyPair okp)) {
        return new Verification(false, headerKid, "No published key with this kid.");
      }
      boolean ok = jws.verify(new Ed25519Verifier(okp.toPublicJWK()));
      return new Verification(ok, headerKid, ok ? "Signature verified against the published key."
          : "The signature does not verify.");
    } catch (ParseException | JOSEException e) {
      return new Verification(false, kid, "The signature cannot be read.");
    }
  }
}
