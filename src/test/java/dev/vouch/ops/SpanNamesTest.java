package dev.vouch.ops;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Span names by the OpenTelemetry conventions: route templates and SQL operation plus table. */
class SpanNamesTest {

  @Test
  void aRoutePathBecomesItsTemplate() {
    assertThat(SpanNames.route("/api/v1/decision/:wallet")).isEqualTo("/api/v1/decision/{wallet}");
    assertThat(SpanNames.route("/api/v1/watchlists/:id/wallets/:wallet")).isEqualTo("/api/v1/watchlists/{id}/wallets/{wallet}");
    assertThat(SpanNames.route("/health/ready")).isEqualTo("/health/ready");
  }

  @Test
  void sqlIsNamedByItsTopLevelOperationAndTable() {
    assertThat(SpanNames.sql("SELECT w.address FROM wallets w WHERE w.address = $1")).isEqualTo("SELECT wallets");
    assertThat(SpanNames.sql("  insert into snapshots (a) values ($1)")).isEqualTo("INSERT snapshots");
    assertThat(SpanNames.sql("UPDATE jobs SET state = 'done' WHERE id = $1")).isEqualTo("UPDATE jobs");
    assertThat(SpanNames.sql("DELETE FROM exposure_refresh WHERE wallet = ANY($1)")).isEqualTo("DELETE exposure_refresh");
    // A WITH names its main statement, not the first CTE's table.
    assertThat(SpanNames.sql("""
        WITH latest AS (SELECT id FROM snapshots WHERE x = 1), t AS (SELECT 1 FROM token_flows)
        INSERT INTO exposure_refresh (wallet) SELECT id FROM latest
        """)).isEqualTo("INSERT exposure_refresh");
    // A FROM inside a subquery of the select list is not the statement's table.
    assertThat(SpanNames.sql("SELECT (SELECT max(id) FROM jobs) AS m FROM wallets")).isEqualTo("SELECT wallets");
    assertThat(SpanNames.sql("SELECT pg_advisory_xact_lock(30324, 0)")).isEqualTo("SELECT");
    assertThat(SpanNames.sql("-- why\nSELECT 1 FROM \"odd\"")).isEqualTo("SELECT");
    assertThat(SpanNames.sql("LISTEN vouch_snapshots")).isEqualTo("LISTEN");
    assertThat(SpanNames.sql("")).isNull();
  }
}
