package dev.vouch.transfer;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.vouch.budget.model.Caller;
import dev.vouch.transfer.model.Direction;
import java.util.List;

/** Records of transfer screening on the event bus (typed, local codec). */
public final class TransferRequests {

  private TransferRequests() {}

  /** POST /api/v1/transfers, validated by the edge; logIndex null when the caller named none. */
  public record Screen(long chainId, String txHash, String address, Direction direction, Long logIndex, Caller caller) {}

  /** GET /api/v1/transfers/{id}. */
  public record Read(long id) {}

  /** What the edge writes: 201 for a new screening, 200 for one that existed. */
  public record Answer(int status, TransferRecord data) {}

  /**
   * One unique entry of a batch: its position in the request and either a valid request
   * ({@code screen}, its caller unused: the batch's caller applies) or why it is not one.
   */
  public record BatchEntry(int index, Screen screen, String invalid) {}

  /** POST /api/v1/transfers/batch, within the caller's caps (docs/transfers.md "Batch"). */
  public record Batch(List<BatchEntry> entries, Caller caller) {}

  /** A row's error, as in the envelope. */
  public record RowError(String code, String message) {}

  /**
   * One row of the batch answer, in request order.
   *
   * @param status screened, pending, invalid (the single POST's 400), not_found (its 404) or
   *     error (the chain did not answer, or the row failed: its 503 or 500)
   * @param created true when this request created the screening (the single POST's 201)
   */
  public record BatchRow(
      int index,
      String status,
      @JsonInclude(JsonInclude.Include.NON_NULL) Boolean created,
      @JsonInclude(JsonInclude.Include.NON_NULL) TransferRecord transfer,
      @JsonInclude(JsonInclude.Include.NON_NULL) RowError error) {}

  /** Counts of the rows by outcome; allow, caution and block count the screened rows. */
  public record BatchSummary(int total, int allow, int caution, int block, int pending, int invalid, int notFound,
      int error) {}

  /**
   * Data of POST /api/v1/transfers/batch; {@code policy} names the caller's policy every row was
   * decided under (once, at the top, as the decision batch does), absent for the default.
   */
  public record BatchAnswer(String modelVersion,
      @JsonInclude(JsonInclude.Include.NON_NULL) dev.vouch.decision.model.PolicyRef policy, BatchSummary summary,
      List<BatchRow> results) {}

  /** POST /api/v1/transfer-receipts: a receipt of this screening. */
  public record ReceiptCreate(long screeningId) {}

  /** Data of the create answer: 201 when created, 200 with deduped true when the screening had one. */
  public record ReceiptMinted(TransferReceipt receipt, String url, boolean deduped) {}

  /** GET /api/v1/transfer-receipts/{id} (well-formed, checked by the edge). */
  public record ReceiptRead(String id) {}

  /** GET /check/t/{id}: the screening (a pending one decided again), its receipt and its check. */
  public record PageRead(long id) {}

  /** What the page shows; receipt and verification null when no receipt was minted. */
  public record Page(TransferRecord transfer, TransferReceipt receipt,
      dev.vouch.receipt.ReceiptSignatures.Verification verification) {}
}
