package dev.vouch.indexing;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vouch.store.DatabaseUrl;
import dev.vouch.support.Sql;
import dev.vouch.support.TestDatabase;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** V2 replaced the counterparty address regex with a cheaper check: it must accept and refuse the same. */
class CounterpartyAddressCheckTest {

  static DatabaseUrl db;
  static long snapshot;

  @BeforeAll
  static void snapshot() {
    db = TestDatabase.fresh();
    String w = "0x" + "1".repeat(40);
    Sql.exec(db, "INSERT INTO wallets (address) VALUES (?)", w);
    snapshot = (Long) Sql.one(db, "INSERT INTO snapshots (wallet, committed_at, score_model_version, score,"
        + " global_wallet_age, cross_chain_activity, arc_activity, counterparty_diversity, verified_attestations,"
        + " propagated_trust, transaction_activity, risk_penalty, global_wallet_age_days, active_chains,"
        + " total_tx_count, arc_tx_count, unique_counterparties, flagged_counterparties, failed_tx_count,"
        + " accepted_attestations, attestation_counterparties, peer_score_sum)"
        + " VALUES (?, now(), 'v', 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, '{}', 0, 0, 0, 0, 0, 0, 0, 0) RETURNING id", w).get("id");
  }

  static void insert(String counterparty) {
    Sql.exec(db, "INSERT INTO counterparties (snapshot_id, counterparty, chain_id, stats_captured) VALUES (?, ?, 1, true)",
        snapshot, counterparty);
  }

  @Test
  void lowercaseAddressIsAccepted() {
    assertThatCode(() -> insert("0x" + "0123456789abcdef".repeat(2) + "abcdef01")).doesNotThrowAnyException();
  }

  @ParameterizedTest
  @ValueSource(strings = {"0x0123456789ABCDEF0123456789abcdef01234567", "0x0123456789abcdef0123456789abcdef0123456",
      "0x0123456789abcdef0123456789abcdef012345678", "0x0123456789abcdef0123456789abcdef0123456g",
      "1x0123456789abcdef0123456789abcdef01234567", "0x0123456789abcdef0123456789abcdef0123456 ",
      "0x0123456789abcdef0123456789abcdef0123456é", ""})
  void anythingElseIsRefused(String bad) {
    assertThatThrownBy(() -> insert(bad)).hasStackTraceContaining("counterparties_counterparty_check");
  }
}
