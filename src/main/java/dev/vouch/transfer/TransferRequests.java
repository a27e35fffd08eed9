package dev.vouch.transfer;

import dev.vouch.budget.model.Caller;
import dev.vouch.transfer.model.Direction;

/** Records of transfer screening on the event bus (typed, local codec). */
public final class TransferRequests {

  private TransferRequests() {}

  /** POST /api/v1/transfers, validated by the edge; logIndex null when the caller named none. */
  public record Screen(long chainId, String txHash, String address, Direction direction, Long logIndex, Caller caller) {}

  /** GET /api/v1/transfers/{id}. */
  public record Read(long id) {}

  /** What the edge writes: 201 for a new screening, 200 for one that existed. */
  public record Answer(int status, TransferRecord data) {}
}
