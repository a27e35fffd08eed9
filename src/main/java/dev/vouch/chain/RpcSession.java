package dev.vouch.chain;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.resilience4j.retry.Retry;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * One indexing run's view of a chain. Each URL it uses answers eth_chainId once (riding in the
 * same batch as the first real call), so a URL that points at another chain is never read from.
 * Failures rotate to the next URL: retryable ones after a jittered backoff, up to rpcRetries and
 * while the failing URL's retry budget allows ({@link Retries}, on Resilience4j); others (an
 * open circuit breaker included) only while an untried URL remains.
 */
public final class RpcSession {

  private final RpcClient client;
  private final Set<Integer> verified = new HashSet<>();
  private final Set<Integer> wrongChain = new HashSet<>();
  /** The wallet whose indexing run this session reads for (its calls are counted for it), or null. */
  private final String wallet;

  RpcSession(RpcClient client) {
    this(client, null);
  }

  RpcSession(RpcClient client, String wallet) {
    this.client = client;
    this.wallet = wallet;
  }

  public Future<JsonNode> call(String method, Object... params) {
    return batch(List.of(RpcCall.of(method, params))).map(results -> results.get(0));
  }

  /** Results in call order; chunks of the chain's batch size go out in parallel. */
  public Future<List<JsonNode>> batch(List<RpcCall> calls) {
    int size = client.batchSize();
    if (calls.size() <= size) {
      return attempt(calls, new HashSet<>(wrongChain));
    }
    List<Future<List<JsonNode>>> parts = new ArrayList<>();
    for (int i = 0; i < calls.size(); i += size) {
      parts.add(attempt(calls.subList(i, Math.min(calls.size(), i + size)), new HashSet<>(wrongChain)));
    }
    return Future.all(parts).map(all -> {
      List<JsonNode> out = new ArrayList<>(calls.size());
      for (int i = 0; i < parts.size(); i++) {
        out.addAll(all.<List<JsonNode>>resultAt(i));
      }
      return out;
    });
  }

  private Future<List<JsonNode>> attempt(List<RpcCall> calls, Set<Integer> excluded) {
    return attempt(calls, 0, excluded, Retries.start(client.retries(), client.backoffMs()));
  }

  private Future<List<JsonNode>> attempt(List<RpcCall> calls, int n, Set<Integer> excluded,
      Retry.AsyncContext<Object> attempts) {
    int url = client.pick(n, excluded);
    if (n == 0) {
      client.guard(url).firstTry();
    }
    return exchange(url, calls)
        .onSuccess(r -> client.prefer(url))
        .recover(t -> {
          RpcException e = t instanceof RpcException re ? re
              : new RpcException(RpcException.Kind.MALFORMED, RpcShapes.clip(t.getMessage()));
          if (!e.retryable()) {
            excluded.add(url);
            if (e.kind() == RpcException.Kind.WRONG_CHAIN) {
              wrongChain.add(url);
            }
            Retries.moveOn(attempts, e);
            return client.pick(n + 1, excluded) < 0 ? Future.failedFuture(e) : attempt(calls, n + 1, excluded, attempts);
          }
          long delay = Retries.next(attempts, e, client.guard(url));
          if (delay < 0) {
            return Future.failedFuture(e);
          }
          return client.vertx().timer(delay).compose(v -> attempt(calls, n + 1, excluded, attempts));
        });
  }

  /** The calls on one URL, with the chain id check in front while the URL is unverified. */
  private Future<List<JsonNode>> exchange(int url, List<RpcCall> calls) {
    if (verified.contains(url)) {
      return client.send(url, calls, wallet);
    }
    List<RpcCall> wire = new ArrayList<>(calls.size() + 1);
    wire.add(RpcCall.of("eth_chainId"));
    wire.addAll(calls);
    return client.send(url, wire, wallet).map(results -> {
      if (!client.chainIdMatches(results.get(0))) {
        throw new RpcException(RpcException.Kind.WRONG_CHAIN, "URL " + (url + 1) + " of the chain answers eth_chainId "
            + RpcShapes.clip(results.get(0).toString()) + ", expected " + client.expectedChainId());
      }
      verified.add(url);
      return results.subList(1, results.size());
    });
  }
}
