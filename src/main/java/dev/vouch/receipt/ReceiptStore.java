package dev.vouch.receipt;

import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.OctetKeyPair;
import dev.vouch.receipt.model.Receipt;
import dev.vouch.receipt.model.Signature;
import dev.vouch.store.Gateway;
import dev.vouch.store.StoreException;
import io.vertx.core.Future;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.Tuple;
import java.text.ParseException;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Receipt rows and published signing keys; the only place receipt SQL runs. */
public final class ReceiptStore {

  /** A stored receipt and whether this call created it. */
  public record Stored(Receipt receipt, boolean created) {}

  private final Gateway db;

  public ReceiptStore(Gateway db) {
    this.db = db;
  }

  /**
   * Inserts the receipt unless the same wallet, use case, UTC day and payload hash already have
   * one; then answers that one. Concurrent identical mints meet at the unique constraint, so
   * exactly one row exists whichever wins.
   */
  public Future<Stored> insertOrExisting(Receipt r, String canonicalPayload) {
    LocalDate day = r.createdAt().atOffset(ZoneOffset.UTC).toLocalDate();
    Tuple insert = Tuple.tuple()
        .addString(r.id()).addOffsetDateTime(r.createdAt().atOffset(ZoneOffset.UTC)).addLocalDate(day)
        .addString(r.payload().wallet()).addString(r.payload().useCase().name()).addString(r.payloadHash())
        .addString(canonicalPayload).addString(r.signature().kid()).addString(r.signature().jws());
    return db.write(pool -> pool.preparedQuery(ReceiptQueries.INSERT).execute(insert)
        .compose(rows -> rows.size() == 1 ? Future.succeededFuture(new Stored(r, true))
            // The other row committed after this statement's snapshot: read it in a new one.
            : pool.preparedQuery(ReceiptQueries.FIND_SAME)
                .execute(Tuple.of(r.payload().wallet(), r.payload().useCase().name(), day, r.payloadHash()))
                .map(found -> new Stored(first(found).orElseThrow(
                    () -> new StoreException(StoreException.Kind.OTHER, "deduped receipt vanished", null)), false))));
  }

  /** Mint work (a decision, a signature) only when its insert can happen; else 503 at once. */
  public <T> Future<T> whenWritable(java.util.function.Supplier<Future<T>> work) {
    return db.whenWritable(work);
  }

  public Future<Optional<Receipt>> find(String id) {
    // A receipt just minted is never reported missing by a replica behind the mint.
    return db.read(c -> c.preparedQuery(ReceiptQueries.FIND_BY_ID).execute(Tuple.of(id)), rows -> rows.size() > 0)
        .map(ReceiptStore::first);
  }

  /** Publishes public keys; a key already published keeps its first date. */
  public Future<Void> publish(List<OctetKeyPair> publicKeys) {
    List<Tuple> batch = new ArrayList<>();
    for (OctetKeyPair k : publicKeys) {
      batch.add(Tuple.of(k.getKeyID(), k.toPublicJWK().toJSONString()));
    }
    return db.atStartup(c -> c.preparedQuery(ReceiptQueries.ADD_KEY).executeBatch(batch)).<Void>mapEmpty();
  }

  /** Every key that ever signed here, newest first. */
  public Future<JWKSet> publishedKeys() {
    // From the primary: a key this instance just published must verify its own receipts.
    return db.readPrimary(c -> c.preparedQuery(ReceiptQueries.KEYS).execute())
        .map(rows -> {
          List<JWK> keys = new ArrayList<>();
          for (Row row : rows) {
            try {
              keys.add(JWK.parse(row.getString("jwk")));
            } catch (ParseException e) {
              throw new StoreException(StoreException.Kind.OTHER, "unreadable published key", e);
            }
          }
          return new JWKSet(keys);
        });
  }

  private static Optional<Receipt> first(RowSet<Row> rows) {
    for (Row row : rows) {
      return Optional.of(new Receipt(row.getString("id"), row.getOffsetDateTime("created_at").toInstant(),
          row.getString("payload_hash"), CanonicalPayload.parse(row.getString("payload")),
          new Signature(SigningKeys.ALG, row.getString("signing_kid"), row.getString("jws"))));
    }
    return Optional.empty();
  }
}
