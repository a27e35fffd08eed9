package dev.vouch.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.error.ApiError;
import dev.vouch.store.StoreException;
import io.vertx.core.http.HttpMethod;
import org.junit.jupiter.api.Test;

/** The edge's one mapping of the database's conflict kinds (issue 25 item 10): never a 500. */
class StoreFailureMappingTest {

  @Test
  void contentionLeftAfterTheRetriesIsA503SayingNothingChanged() {
    ApiError e = Edge.toApiError(new StoreException(StoreException.Kind.CONTENTION, "deadlock", null), 500,
        HttpMethod.POST, "r1");
    assertThat(e.status()).isEqualTo(503);
    assertThat(e.code()).isEqualTo("UNAVAILABLE");
    assertThat(e.getMessage()).contains("nothing was changed");
  }

  @Test
  void anUnexpectedConflictIsA409() {
    ApiError e = Edge.toApiError(new StoreException(StoreException.Kind.CONFLICT, "duplicate", null), 500,
        HttpMethod.POST, "r2");
    assertThat(e.status()).isEqualTo(409);
    assertThat(e.code()).isEqualTo("CONFLICT");
  }
}
