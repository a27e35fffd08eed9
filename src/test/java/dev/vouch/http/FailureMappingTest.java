package dev.vouch.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.budget.KeyRejected;
import dev.vouch.error.ApiError;
import dev.vouch.store.StoreException;
import io.vertx.core.eventbus.ReplyException;
import io.vertx.core.eventbus.ReplyFailure;
import io.vertx.core.http.HttpMethod;
import org.junit.jupiter.api.Test;

/** The edge's one mapping of typed failures to catalogue errors. */
class FailureMappingTest {

  private static ApiError map(Throwable t, HttpMethod method) {
    return Edge.toApiError(t, 500, method, "test");
  }

  @Test
  void anEventBusTimeoutIsUnavailableAndAWriteIsToldItMayStillTakeEffect() {
    var timeout = new ReplyException(ReplyFailure.TIMEOUT, "Timed out after waiting 10000(ms) for a reply");
    ApiError read = map(timeout, HttpMethod.GET);
    ApiError write = map(timeout, HttpMethod.POST);
    assertThat(read.status()).isEqualTo(503);
    assertThat(read.code()).isEqualTo("UNAVAILABLE");
    // A read changes nothing: the answer says what to do, not what did not happen.
    assertThat(read.getMessage()).isEqualTo("The service did not answer this read in time; retry it shortly.");
    assertThat(write.status()).isEqualTo(503);
    assertThat(write.code()).isEqualTo("UNAVAILABLE");
    assertThat(write.getMessage()).contains("may still take effect");
    assertThat(map(new ReplyException(ReplyFailure.NO_HANDLERS, "none"), HttpMethod.GET).code())
        .isEqualTo("UNAVAILABLE");
  }

  @Test
  void aWriteCutOffMidStatementIsToldItMayStillTakeEffectAndARefusedOneThatNothingWasCreated() {
    StoreException cut = StoreException.translate(io.vertx.sqlclient.ClosedConnectionException.INSTANCE);
    StoreException noConnection = StoreException.translate(new java.util.concurrent.TimeoutException("acquire"));
    assertThat(map(cut, HttpMethod.POST).getMessage()).contains("may still take effect");
    // A read creates nothing: its 503 says what to do instead (issue 34 item 10).
    for (StoreException down : java.util.List.of(cut, noConnection)) {
      assertThat(map(down, HttpMethod.GET).getMessage()).doesNotContain("created")
          .isEqualTo("The database is unavailable; retry this read after the seconds in Retry-After.");
    }
    assertThat(map(noConnection, HttpMethod.POST).getMessage()).contains("nothing was created");
    assertThat(map(cut, HttpMethod.POST).code()).isEqualTo("UNAVAILABLE");
  }

  @Test
  void aRefusedResetOrClosedConnectionIsUnavailableHoweverTheDriverWrapsIt() {
    // As a pool reports a Postgres that is stopping: the socket's exception under its own.
    Throwable refused = new io.vertx.core.VertxException("connect failed",
        new java.net.ConnectException("Connection refused: /127.0.0.1:5432"));
    Throwable reset = new io.vertx.core.VertxException("read failed", new java.net.SocketException("Connection reset"));
    // Issue 18: a pooled connection the server closed, reported in this message only (was a 500).
    Throwable inactive = new io.vertx.core.VertxException("Connection is not active now, current status: CLOSED", true);
    // Statements queued on a pooled connection that closed before they were sent (was a 500 too).
    Throwable pending = io.vertx.core.VertxException.noStackTrace(
        "Pending requests failed to be sent due to connection has been closed.");
    for (Throwable t : java.util.List.of(refused, reset, inactive, pending, io.vertx.sqlclient.ClosedConnectionException.INSTANCE,
        new io.vertx.core.VertxException("Connection was closed"))) {
      StoreException seen = StoreException.translate(t);
      assertThat(seen.kind()).as(t.toString()).isEqualTo(StoreException.Kind.UNAVAILABLE);
      assertThat(map(seen, HttpMethod.GET)).as(t.toString())
          .extracting(ApiError::status, ApiError::code).containsExactly(503, "UNAVAILABLE");
      assertThat(map(seen, HttpMethod.POST).status()).isEqualTo(503);
    }
    assertThat(map(StoreException.translate(refused), HttpMethod.POST).getMessage()).contains("nothing was created");
    assertThat(map(StoreException.translate(reset), HttpMethod.POST).getMessage()).contains("may still take effect");
  }

  @Test
  void typedRefusalsMapToTheirCatalogueCodes() {
    assertThat(map(KeyRejected.required("Send a key."), HttpMethod.POST))
        .extracting(ApiError::status, ApiError::code).containsExactly(401, "NOT_ALLOWED");
    assertThat(map(new StoreException(StoreException.Kind.SCHEMA_MISSING, "ledger", null), HttpMethod.POST))
        .extracting(ApiError::status, ApiError::code).containsExactly(503, "SCHEMA_MISSING");
  }

  @Test
  void aPlainRecipientFailureIsInternalAndNeverEchoesItsText() {
    ApiError e = map(new ReplyException(ReplyFailure.RECIPIENT_FAILURE, 409, "CONFLICT|secret detail"), HttpMethod.GET);
    assertThat(e.status()).isEqualTo(500);
    assertThat(e.code()).isEqualTo("INTERNAL");
    assertThat(e.getMessage()).doesNotContain("secret");
  }
}
