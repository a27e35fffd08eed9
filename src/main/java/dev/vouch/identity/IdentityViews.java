package dev.vouch.identity;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;
import java.util.List;

/** Data of the identity answers (openapi.yaml: Challenge, Identity, Directory, Profile, Attestation). */
public final class IdentityViews {

  private IdentityViews() {}

  public record Challenge(String wallet, String username, String nonce, String message, Instant issuedAt,
      Instant expiresAt) {}

  public record Identity(String username, String wallet, String displayName, String profileUrl, boolean registered,
      String signatureKind, Instant createdAt) {}

  public record Listed(String username, String wallet, String displayName, String profileUrl, Instant createdAt) {}

  public record Pagination(int limit, String nextCursor, boolean hasMore) {}

  public record Directory(List<Listed> identities, Pagination pagination) {}

  /** SPEC 2.8. */
  public record Profile(String username, String wallet, String displayName, Instant createdAt, int score,
      String scoreModelVersion, String riskLevel, int globalWalletAgeDays, int activeChainCount, long totalTxCount,
      Instant scoreUpdatedAt, String dataSource, Attestations attestations, Trust trust) {}

  public record Attestations(long count) {}

  public record Trust(int trustedPeerCount, int reciprocalCount, String networkHealth, double trustConfidence) {}

  @JsonInclude(JsonInclude.Include.ALWAYS)
  public record Transaction(String from, String to, String value, Long blockNumber, Instant timestamp) {}

  public record Attestation(long id, String attester, String subject, long chainId, String txHash, String status,
      Transaction transaction, Instant createdAt, Instant verifiedAt, Instant acceptedAt, Instant rejectedAt,
      Instant revokedAt, String revokedBy) {}

  /** An attestation write's answer: created says 201 (new) or 200 (already so). */
  public record Written(boolean created, Attestation attestation) {}
}
