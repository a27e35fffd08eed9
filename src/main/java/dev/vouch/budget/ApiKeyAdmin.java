package dev.vouch.budget;

import dev.vouch.budget.model.ApiKeyFormat;
import dev.vouch.budget.model.Plan;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * The operator's changes to api_keys, in plain JDBC on the calling thread (the command line; no
 * event loop). The key itself leaves here once, at creation; only its SHA-256 is stored.
 */
public final class ApiKeyAdmin {

  private static final SecureRandom RANDOM = new SecureRandom();

  /** A new key: its id, and the secret that is shown this once. */
  public record Created(long id, String secret) {}

  /** One row of the listing; never the hash. */
  public record Listed(long id, Plan plan, String state, Instant createdAt, String hint, String label) {}

  /** What a change did: done, no such key, or refused because revocation is final. */
  public enum Outcome { DONE, NO_SUCH_KEY, REVOKED }

  private final Connection c;

  public ApiKeyAdmin(Connection c) {
    this.c = c;
  }

  public Created create(Plan plan, String label) throws SQLException {
    String key = ApiKeyFormat.generate(RANDOM);
    try (PreparedStatement s = c.prepareStatement(ApiKeyQueries.INSERT)) {
      s.setBytes(1, ApiKeyFormat.sha256(key));
      s.setString(2, ApiKeyFormat.hint(key));
      s.setString(3, plan.name());
      s.setString(4, label);
      try (ResultSet rs = s.executeQuery()) {
        rs.next();
        return new Created(rs.getLong(1), key);
      }
    }
  }

  public List<Listed> list() throws SQLException {
    List<Listed> rows = new ArrayList<>();
    try (PreparedStatement s = c.prepareStatement(ApiKeyQueries.LIST); ResultSet rs = s.executeQuery()) {
      while (rs.next()) {
        Timestamp revoked = rs.getTimestamp("revoked_at");
        Timestamp suspended = rs.getTimestamp("suspended_at");
        String state = revoked != null ? "revoked" : suspended != null ? "suspended" : "active";
        rows.add(new Listed(rs.getLong("id"), Plan.valueOf(rs.getString("plan")), state,
            rs.getTimestamp("created_at").toInstant(), rs.getString("key_hint"), rs.getString("label")));
      }
    }
    return rows;
  }

  /** The id of the key stored with this key's hash (the command line takes the key itself too). */
  public OptionalLong idOf(String key) throws SQLException {
    try (PreparedStatement s = c.prepareStatement(ApiKeyQueries.ID_BY_HASH)) {
      s.setBytes(1, ApiKeyFormat.sha256(key));
      try (ResultSet rs = s.executeQuery()) {
        return rs.next() ? OptionalLong.of(rs.getLong(1)) : OptionalLong.empty();
      }
    }
  }

  public Outcome revoke(long id) throws SQLException {
    return update(ApiKeyQueries.REVOKE, id);
  }

  public Outcome suspend(long id) throws SQLException {
    return update(ApiKeyQueries.SUSPEND, id);
  }

  public Outcome resume(long id) throws SQLException {
    return update(ApiKeyQueries.RESUME, id);
  }

  public Outcome setPlan(long id, Plan plan) throws SQLException {
    try (PreparedStatement s = c.prepareStatement(ApiKeyQueries.SET_PLAN)) {
      s.setString(1, plan.name());
      s.setLong(2, id);
      return outcome(s.executeUpdate(), id);
    }
  }

  private Outcome update(String sql, long id) throws SQLException {
    try (PreparedStatement s = c.prepareStatement(sql)) {
      s.setLong(1, id);
      return outcome(s.executeUpdate(), id);
    }
  }

  /** Every change skips revoked keys, so no row changed means: unknown, or revoked. */
  private Outcome outcome(int updated, long id) throws SQLException {
    if (updated == 1) {
      return Outcome.DONE;
    }
    try (PreparedStatement s = c.prepareStatement(ApiKeyQueries.STATE)) {
      s.setLong(1, id);
      try (ResultSet rs = s.executeQuery()) {
        return rs.next() ? Outcome.REVOKED : Outcome.NO_SUCH_KEY;
      }
    }
  }
}
