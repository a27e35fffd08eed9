package dev.vouch.store;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The primary's readings a replica's lag is measured against (issue 35 item 8). */
class WalPositionsTest {

  @Test
  void aReplicaHasReachedTheNewestReadingAtOrBelowItsReplayAndNoneWhenBehindAllOrNoneRead() {
    WalPositions wal = new WalPositions();
    assertThat(wal.reachedAt(1_000)).as("no reading yet: unknown").isEqualTo(Long.MIN_VALUE);
    wal.record(100, 10);
    wal.record(100, 20); // an idle primary: the same position read again, later
    wal.record(300, 30);
    assertThat(wal.reachedAt(100)).as("replayed what the primary had at 20, not what it wrote by 30").isEqualTo(20);
    assertThat(wal.reachedAt(299)).isEqualTo(20);
    assertThat(wal.reachedAt(300)).isEqualTo(30);
    assertThat(wal.reachedAt(99)).as("behind every reading kept").isEqualTo(Long.MIN_VALUE);
  }

  @Test
  void onlyTheLastReadingsAreKept() {
    WalPositions wal = new WalPositions();
    for (int i = 0; i < WalPositions.KEPT + 10; i++) {
      wal.record(i, 1_000 + i);
    }
    assertThat(wal.reachedAt(9)).as("its readings were overwritten: unknown").isEqualTo(Long.MIN_VALUE);
    assertThat(wal.reachedAt(10)).isEqualTo(1_010);
    assertThat(wal.reachedAt(Long.MAX_VALUE)).isEqualTo(1_000 + WalPositions.KEPT + 9);
  }
}
