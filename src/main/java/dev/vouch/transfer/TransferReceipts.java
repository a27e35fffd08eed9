package dev.vouch.transfer;

import dev.vouch.error.ApiError;
import dev.vouch.receipt.CanonicalPayload;
import dev.vouch.receipt.ReceiptIds;
import dev.vouch.receipt.ReceiptSignatures;
import dev.vouch.receipt.ReceiptStore;
import dev.vouch.receipt.SigningKeys;
import dev.vouch.receipt.model.Signature;
import dev.vouch.store.Gateway;
import dev.vouch.store.StoreException;
import io.vertx.core.Future;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.Tuple;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Signed receipts of transfer screenings (docs/transfers.md "Receipts"), with the machinery of
 * decision receipts: the same Ed25519 keys and published JWKS, RFC 8785 canonical payload, SHA-256
 * payload hash, detached JWS. One per screening: a screened row never changes, so minting again
 * answers the receipt it has. The only place transfer receipt SQL runs.
 */
final class TransferReceipts {

  static final String PREFIX = "trc_";
  private static final Pattern ID = Pattern.compile("^trc_[A-Za-z0-9_-]{16}$");

  private final Gateway db;
  private final TransferStore screenings;
  private final ReceiptStore keys;
  private final SigningKeys signing;
  private final Clock clock;

  TransferReceipts(Gateway db, TransferStore screenings, SigningKeys signing, Clock clock) {
    this.db = db;
    this.screenings = screenings;
    this.keys = new ReceiptStore(db);
    this.signing = signing;
    this.clock = clock;
  }

  static boolean isWellFormed(String id) {
    return id != null && ID.matcher(id).matches();
  }

  /** A receipt of a screened transfer; 404 for an unknown screening, 409 for a pending one. */
  Future<TransferRequests.ReceiptMinted> mint(long screeningId) {
    if (signing == null) {
      return Future.failedFuture(new ApiError(503, "UNAVAILABLE", "This process signs no receipts; nothing was"
          + " created."));
    }
    return db.whenWritable(() -> screenings.byId(screeningId)).compose(found -> {
      TransferRecord t = found.orElseThrow(() -> ApiError.notFound("No transfer screening " + screeningId + "."));
      if (!"screened".equals(t.status())) {
        throw ApiError.conflict("CONFLICT", "Transfer screening " + screeningId + " is pending (" + t.reasons().get(0)
            .code() + "); a receipt attests a verdict. Mint it once GET /api/v1/transfers/" + screeningId
            + " answers status screened.");
      }
      TransferReceiptPayload payload = TransferReceiptPayload.of(t);
      byte[] canonical = CanonicalPayload.bytesOf(payload);
      Signature signature = signing.sign(canonical);
      TransferReceipt r = new TransferReceipt(ReceiptIds.next(PREFIX), clock.instant().truncatedTo(ChronoUnit.MILLIS),
          CanonicalPayload.hash(canonical), payload, signature);
      Tuple insert = Tuple.tuple().addString(r.id()).addLong(screeningId)
          .addOffsetDateTime(r.createdAt().atOffset(ZoneOffset.UTC)).addString(r.payloadHash())
          .addString(new String(canonical, StandardCharsets.UTF_8)).addString(signature.kid())
          .addString(signature.jws());
      return db.write(pool -> pool.preparedQuery(TransferQueries.INSERT_RECEIPT).execute(insert)
          .compose(rows -> rows.size() == 1 ? Future.succeededFuture(new TransferRequests.ReceiptMinted(r, r.url(), false))
              // Minted before, or by a concurrent request that won the unique screening_id.
              : pool.preparedQuery(TransferQueries.RECEIPT_OF).execute(Tuple.of(screeningId))
                  .map(existing -> first(existing).map(e -> new TransferRequests.ReceiptMinted(e, e.url(), true))
                      .orElseThrow(() -> new StoreException(StoreException.Kind.OTHER, "deduped receipt vanished",
                          null)))));
    });
  }

  Future<TransferReceipt> read(String id) {
    // A receipt just minted is never reported missing by a replica behind the mint.
    return db.read(c -> c.preparedQuery(TransferQueries.RECEIPT_BY_ID).execute(Tuple.of(id)), rows -> rows.size() > 0)
        .map(rows -> first(rows).orElseThrow(() -> ApiError.notFound("No transfer receipt has this id.")));
  }

  Future<Optional<TransferReceipt>> of(long screeningId) {
    return db.readPrimary(c -> c.preparedQuery(TransferQueries.RECEIPT_OF).execute(Tuple.of(screeningId)))
        .map(TransferReceipts::first);
  }

  /** As a third party checks it: the payload rebuilt from the receipt's fields, the JWS against the JWKS. */
  Future<ReceiptSignatures.Verification> verify(TransferReceipt r) {
    return keys.publishedKeys().map(jwks -> ReceiptSignatures.verify(CanonicalPayload.bytesOf(r.payload()),
        r.payloadHash(), r.signature(), jwks));
  }

  private static Optional<TransferReceipt> first(RowSet<Row> rows) {
    for (Row row : rows) {
      Instant created = row.getOffsetDateTime("created_at").toInstant();
      return Optional.of(new TransferReceipt(row.getString("id"), created, row.getString("payload_hash"),
          CanonicalPayload.parse(row.getString("payload"), TransferReceiptPayload.class),
          new Signature(SigningKeys.ALG, row.getString("signing_kid"), row.getString("jws"))));
    }
    return Optional.empty();
  }
}
