package dev.vouch.receipt;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSObject;
import com.nimbusds.jose.Payload;
import com.nimbusds.jose.crypto.Ed25519Signer;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.KeyUse;
import com.nimbusds.jose.jwk.OctetKeyPair;
import com.nimbusds.jose.jwk.gen.OctetKeyPairGenerator;
import dev.vouch.receipt.model.Signature;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.text.ParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Logger;

/**
 * The Ed25519 keys of receipt signatures, as a JWK set: the first key signs, every key's public
 * half is published. The set comes from configuration (a secret in an environment variable) or
 * a mounted file; with neither it is generated on first start and kept in the file (under
 * ./data by default). Rotate by putting a new key first; keep old ones so they stay published
 * (the database keeps every key that ever signed published anyway). Loaded once on the main
 * thread before Vert.x starts; private keys are never logged.
 */
public final class SigningKeys {

  private static final Logger LOG = Logger.getLogger(SigningKeys.class.getName());
  public static final String ALG = JWSAlgorithm.EdDSA.getName();

  private final OctetKeyPair current;
  private final List<OctetKeyPair> publicKeys;
  private final Ed25519Signer signer;

  /** What an operator should put in the setting, for every message that refuses it. */
  static final String EXPECTED = "expected a private Ed25519 JWK set in JSON, {\"keys\":[{\"kty\":\"OKP\","
      + "\"crv\":\"Ed25519\",\"d\":...,\"x\":...}]}, as `java -jar vouch.jar receipt-keys new` prints it";

  SigningKeys(List<OctetKeyPair> keys, String source) {
    if (keys.isEmpty() || !keys.get(0).isPrivate()) {
      throw new IllegalArgumentException(source + ": the first key is not private (it has no \"d\"); " + EXPECTED);
    }
    this.current = keys.get(0);
    List<OctetKeyPair> pub = new ArrayList<>();
    for (OctetKeyPair k : keys) {
      pub.add(k.toPublicJWK());
    }
    this.publicKeys = List.copyOf(pub);
    try {
      this.signer = new Ed25519Signer(current);
    } catch (JOSEException e) {
      throw new IllegalArgumentException(source + ": unusable Ed25519 key (" + e.getMessage() + "); " + EXPECTED, e);
    }
  }

  /**
   * {@code inline} (a JWK or JWK set in JSON) wins; else the file, generated when absent. Every
   * refusal names the environment variable and setting, and what is expected there.
   */
  public static SigningKeys load(String inline, String file) {
    if (inline != null && !inline.isBlank()) {
      String source = "VOUCH_RECEIPTS_SIGNING_KEY (receipts.signingKey)";
      return new SigningKeys(parse(inline, source), source);
    }
    if (file == null || file.isBlank()) {
      throw new IllegalArgumentException("VOUCH_RECEIPTS_SIGNING_KEY or VOUCH_RECEIPTS_SIGNING_KEY_FILE "
          + "(receipts.signingKey, receipts.signingKeyFile) is required; " + EXPECTED);
    }
    Path path = Path.of(file);
    try {
      if (!Files.exists(path)) {
        generate(path);
      }
      String source = "the receipt signing key file " + path + " (VOUCH_RECEIPTS_SIGNING_KEY_FILE, receipts.signingKeyFile)";
      return new SigningKeys(parse(Files.readString(path, StandardCharsets.UTF_8), source), source);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read or create the receipt signing key file " + path, e);
    }
  }

  /** A fresh Ed25519 key whose kid is its RFC 7638 thumbprint. */
  public static OctetKeyPair newKey() {
    try {
      OctetKeyPair k = new OctetKeyPairGenerator(Curve.Ed25519).generate();
      return withDefaults(k);
    } catch (JOSEException e) {
      throw new IllegalStateException("cannot generate an Ed25519 key", e);
    }
  }

  /** Written beside the target and moved into place, so two processes starting at once agree. */
  private static void generate(Path path) throws IOException {
    Path dir = path.toAbsolutePath().getParent();
    Files.createDirectories(dir);
    Path tmp = Files.createTempFile(dir, ".receipt-keys", ".tmp");
    try {
      try {
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rw-------"));
      } catch (UnsupportedOperationException e) {
        // not a POSIX file system; the directory's protection applies
      }
      Files.writeString(tmp, new JWKSet(newKey()).toString(false), StandardCharsets.UTF_8);
      try {
        Files.move(tmp, path);
        LOG.info(() -> "generated a receipt signing key in " + path);
      } catch (FileAlreadyExistsException raced) {
        // another process made it first; use theirs
      }
    } finally {
      Files.deleteIfExists(tmp);
    }
  }

  private static List<OctetKeyPair> parse(String json, String source) {
    List<JWK> jwks;
    try {
      String trimmed = json.trim();
      jwks = trimmed.contains("\"keys\"") ? JWKSet.parse(trimmed).getKeys() : List.of(JWK.parse(trimmed));
    } catch (ParseException e) {
      throw new IllegalArgumentException(source + " is not a JWK or JWK set (" + e.getMessage() + "); " + EXPECTED, e);
    }
    List<OctetKeyPair> out = new ArrayList<>();
    for (JWK jwk : jwks) {
      if (!(jwk instanceof OctetKeyPair okp) || !Curve.Ed25519.equals(okp.getCurve())) {
        throw new IllegalArgumentException(source + ": receipt keys must be Ed25519 (kty OKP, crv Ed25519); " + EXPECTED);
      }
      out.add(okp.getKeyID() == null ? withDefaults(okp) : okp);
    }
    return out;
  }

  private static OctetKeyPair withDefaults(OctetKeyPair k) {
    try {
      return new OctetKeyPair.Builder(k)
          .keyID(k.getKeyID() != null ? k.getKeyID() : k.computeThumbprint().toString())
          .keyUse(KeyUse.SIGNATURE)
          .algorithm(JWSAlgorithm.EdDSA)
          .build();
    } catch (JOSEException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * A private JWK set for configuration: a fresh key first, then the keys of {@code existing}
   * (a JWK set in JSON, or null), so old receipts keep verifying after the rotation.
   */
  public static String rotated(String existing) {
    List<JWK> keys = new ArrayList<>();
    keys.add(newKey());
    if (existing != null && !existing.isBlank()) {
      keys.addAll(parse(existing, "the existing key set"));
    }
    return new JWKSet(keys).toString(false);
  }

  public String currentKid() {
    return current.getKeyID();
  }

  /** Public halves of every configured key, current first. */
  public List<OctetKeyPair> publicKeys() {
    return publicKeys;
  }

  /** Detached compact JWS over the canonical payload bytes. */
  public Signature sign(byte[] canonical) {
    JWSObject jws = new JWSObject(new JWSHeader.Builder(JWSAlgorithm.EdDSA).keyID(current.getKeyID()).build(),
        new Payload(canonical));
    try {
      jws.sign(signer);
    } catch (JOSEException e) {
      throw new IllegalStateException("cannot sign a receipt", e);
    }
    return new Signature(ALG, current.getKeyID(), jws.serialize(true));
  }
}
