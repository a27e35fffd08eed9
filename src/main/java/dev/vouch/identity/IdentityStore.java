package dev.vouch.identity;

import dev.vouch.indexing.JobStore;
import dev.vouch.monitoring.DecisionWatch;
import dev.vouch.store.Gateway;
import dev.vouch.store.StoreException;
import io.vertx.core.Future;
import io.vertx.pgclient.PgException;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.Tuple;
import java.math.BigInteger;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The only place identity SQL runs. Writes are single transactions: all recorded or nothing. */
final class IdentityStore {

  record Challenge(String nonce, String wallet, String username, String displayName, String message, Instant expiresAt, Instant usedAt) {}

  record ClaimState(String walletUsername, boolean usernameTaken) {}

  record Attestation(long id, String from, String to, long chainId, String txHash, String txFrom, String txTo,
      BigInteger txValue, Long txBlock, Instant txTime, Instant createdAt, Instant verifiedAt, Instant acceptedAt,
      Instant rejectedAt, Instant revokedAt, String revokedBy) {

    String status() {
      return revokedAt != null ? "revoked" : rejectedAt != null ? "rejected" : acceptedAt != null ? "accepted" : "pending";
    }
  }

  record Profile(String username, String wallet, String displayName, Instant createdAt, Integer score,
      String scoreModelVersion, Integer riskPenalty, Integer walletAgeDays, Integer activeChainCount, Long totalTxCount,
      Instant committedAt, long attestationCount) {}

  record Listed(String username, String wallet, String displayName, Instant createdAt) {}

  record Verified(String txFrom, String txTo, BigInteger value, long block, Instant time) {}

  private final Gateway db;
  private final DecisionWatch watch;
  /** Told the wallets whose read-model rows a committed write changed (this process's read cache). */
  private final java.util.function.Consumer<List<String>> changed;

  IdentityStore(Gateway db, DecisionWatch watch) {
    this(db, watch, wallets -> { });
  }

  IdentityStore(Gateway db, DecisionWatch watch, java.util.function.Consumer<List<String>> changed) {
    this.db = db;
    this.watch = watch;
    this.changed = changed;
  }

  Future<Void> insertChallenge(Challenge c, Instant issued) {
    return db.write(sql -> sql.preparedQuery(IdentityQueries.INSERT_CHALLENGE)
        .execute(Tuple.of(c.nonce(), c.wallet(), c.username(), c.displayName(), c.message(), utc(issued),
            utc(c.expiresAt()))))
        .<Void>mapEmpty();
  }

  Future<Optional<Challenge>> challenge(String nonce) {
    return db.readPrimary(c -> c.preparedQuery(IdentityQueries.CHALLENGE).execute(Tuple.of(nonce)))
        .map(rows -> first(rows).map(r -> new Challenge(r.getString("nonce"), r.getString("wallet"),
            r.getString("username"), r.getString("display_name"), r.getString("message"), instant(r, "expires_at"), instant(r, "used_at"))));
  }

  Future<ClaimState> claimState(String wallet, String username) {
    return db.readPrimary(c -> c.preparedQuery(IdentityQueries.CLAIM_STATE).execute(Tuple.of(wallet, username)))
        .map(rows -> {
          Row r = rows.iterator().next();
          return new ClaimState(r.getString("wallet_username"), r.getBoolean("username_taken"));
        });
  }

  /**
   * Takes the nonce, registers the username and queues the wallet's first commit, in one
   * transaction. A nonce already taken, a username or wallet already registered: ApiError, nothing kept.
   */
  Future<Void> register(Challenge c, String signature, String kind, Instant now) {
    return db.transaction(conn -> conn.preparedQuery(IdentityQueries.USE_CHALLENGE)
            .execute(Tuple.of(c.nonce(), utc(now)))
            .compose(rows -> rows.size() == 1 ? Future.succeededFuture()
                : Future.failedFuture(Claims.nonceUsed()))
            .compose(v -> watch.around(conn, List.of(c.wallet()), DecisionWatch.Cause.identity, now, () ->
                conn.preparedQuery(IdentityQueries.UPSERT_WALLET).execute(Tuple.of(c.wallet(), utc(now)))
                    .compose(x -> conn.preparedQuery(IdentityQueries.INSERT_IDENTITY).execute(Tuple.tuple()
                        .addString(c.username()).addString(c.wallet()).addString(c.displayName())
                        .addOffsetDateTime(utc(now)).addString(signature).addString(c.message()).addString(kind)))))
            .compose(v -> JobStore.queueNextCommit(conn, List.of(c.wallet()), "claim", now))
            .<Void>mapEmpty())
        .onSuccess(v -> changed.accept(List.of(c.wallet())))
        .recover(t -> {
          if (t instanceof StoreException se && se.getCause() instanceof PgException pg && "23505".equals(pg.getSqlState())) {
            String constraint = String.valueOf(pg.getConstraint());
            return Future.failedFuture(constraint.contains("wallet") ? Claims.walletRegistered() : Claims.usernameTaken());
          }
          return Future.failedFuture(t);
        });
  }

  /** Usernames of those of the wallets that are registered. */
  Future<Map<String, String>> registered(List<String> wallets) {
    return db.read(c -> c.preparedQuery(IdentityQueries.REGISTERED).execute(Tuple.of(wallets.toArray(String[]::new))))
        .map(rows -> {
          Map<String, String> out = new HashMap<>();
          rows.forEach(r -> out.put(r.getString("wallet"), r.getString("username")));
          return out;
        });
  }

  /** The new attestation, or empty when this transaction is already attested in this direction. */
  Future<Optional<Attestation>> insertAttestation(String from, String to, long chainId, String txHash, Verified v,
      String signature, Instant now) {
    Tuple t = Tuple.tuple().addString(from).addString(to).addLong(chainId).addString(txHash).addString(v.txFrom())
        .addString(v.txTo()).addString(v.value().toString()).addLong(v.block()).addOffsetDateTime(utc(v.time()))
        .addOffsetDateTime(utc(now)).addString(signature);
    return db.write(c -> c.preparedQuery(IdentityQueries.INSERT_ATTESTATION).execute(t))
        .onSuccess(rows -> changed.accept(List.of(from, to)))
        .map(rows -> first(rows).map(IdentityStore::attestation));
  }

  Future<Optional<Attestation>> attestationByTx(String from, String to, String txHash) {
    return db.readPrimary(c -> c.preparedQuery(IdentityQueries.ATTESTATION_BY_TX).execute(Tuple.of(from, to, txHash)))
        .map(rows -> first(rows).map(IdentityStore::attestation));
  }

  Future<Optional<Attestation>> attestation(long id) {
    return db.readPrimary(c -> c.preparedQuery(IdentityQueries.ATTESTATION).execute(Tuple.of(id)))
        .map(rows -> first(rows).map(IdentityStore::attestation));
  }

  /**
   * Applies a decision if the attestation is still open to it; empty when it is not. An
   * acceptance queues both wallets' next commit in the same transaction (score components).
   */
  Future<Optional<Attestation>> decide(Attestations.Action d, Attestation a, String signer, String signature, Instant now) {
    return db.transaction(conn -> {
      Tuple args = switch (d) {
        case accept, reject -> Tuple.of(a.id(), utc(now), signature);
        case revoke -> Tuple.of(a.id(), utc(now), signature, signer);
      };
      String sql = switch (d) {
        case accept -> IdentityQueries.ACCEPT;
        case reject -> IdentityQueries.REJECT;
        case revoke -> IdentityQueries.REVOKE;
      };
      return watch.around(conn, List.of(a.from(), a.to()), DecisionWatch.Cause.trust, now,
          () -> conn.preparedQuery(sql).execute(args)).compose(rows -> {
        Optional<Attestation> done = first(rows).map(IdentityStore::attestation);
        boolean edgeChanged = done.isPresent() && (d == Attestations.Action.accept || a.acceptedAt() != null);
        return edgeChanged
            ? JobStore.queueNextCommit(conn, List.of(a.from(), a.to()), "attestation", now).map(done)
            : Future.succeededFuture(done);
      });
    }).onSuccess(done -> changed.accept(List.of(a.from(), a.to())));
  }

  Future<Optional<Profile>> profile(String username) {
    // A username just claimed is never reported missing by a replica behind the claim.
    return db.read(c -> c.preparedQuery(IdentityQueries.PROFILE).execute(Tuple.of(username)), rows -> rows.size() > 0)
        .map(rows -> first(rows).map(r -> new Profile(r.getString("username"), r.getString("wallet"),
            r.getString("display_name"), instant(r, "created_at"), r.getInteger("score"),
            r.getString("score_model_version"), r.getInteger("risk_penalty"), r.getInteger("global_wallet_age_days"),
            r.getInteger("active_chain_count"), r.getLong("total_tx_count"), instant(r, "committed_at"),
            r.getLong("attestation_count"))));
  }

  /** Up to limit + 1 rows after the cursor (the extra row says there is more). */
  Future<List<Listed>> directory(String after, int limit) {
    return db.read(c -> c.preparedQuery(IdentityQueries.DIRECTORY).execute(Tuple.of(after, limit + 1)))
        .map(rows -> {
          List<Listed> out = new java.util.ArrayList<>();
          rows.forEach(r -> out.add(new Listed(r.getString("username"), r.getString("wallet"),
              r.getString("display_name"), instant(r, "created_at"))));
          return out;
        });
  }

  private static Attestation attestation(Row r) {
    String v = r.getString("tx_value");
    return new Attestation(r.getLong("id"), r.getString("from_wallet"), r.getString("to_wallet"),
        r.getLong("chain_id"), r.getString("tx_hash"), r.getString("tx_from"), r.getString("tx_to"),
        v == null ? null : new BigInteger(v), r.getLong("tx_block"), instant(r, "tx_time"), instant(r, "created_at"),
        instant(r, "verified_at"), instant(r, "accepted_at"), instant(r, "rejected_at"), instant(r, "revoked_at"),
        r.getString("revoked_by"));
  }

  private static Optional<Row> first(RowSet<Row> rows) {
    return rows.size() == 0 ? Optional.empty() : Optional.of(rows.iterator().next());
  }

  private static Instant instant(Row r, String column) {
    OffsetDateTime t = r.getOffsetDateTime(column);
    return t == null ? null : t.toInstant();
  }

  private static OffsetDateTime utc(Instant i) {
    return i == null ? null : i.atOffset(ZoneOffset.UTC);
  }
}
