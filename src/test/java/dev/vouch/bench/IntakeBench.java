package dev.vouch.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vouch.bus.Addresses;
import dev.vouch.support.Anvil;
import dev.vouch.support.ChainsFile;
import dev.vouch.support.ChainsFile.Entry;
import dev.vouch.support.FaultyRpc;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.client.WebClient;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Intake of one wallet with N transactions on each of three local Anvil chains, against the time
 * a bare client needs just to page the same histories (same page size, chains in parallel).
 * Intake time runs from POST /api/v1/intake to the snapshot commit notification: job pickup,
 * paging with validation, evidence, and the one-transaction commit of snapshot, coverage and
 * counterparties. Not a test: run with
 * bench/intake.sh [txsPerChain] [rounds] [latencyMs] [distinctRecipientsPerChain].
 */
public final class IntakeBench {

  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final int PAGE_SIZE = 100;

  public static void main(String[] args) throws Exception {
    int txs = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 11;
    int latencyMs = args.length > 2 ? Integer.parseInt(args[2]) : 0;
    // Distinct recipients of the outgoing transfers per chain: all distinct (default) is the worst
    // case for the commit, one counterparty row per transaction.
    int recipients = args.length > 3 ? Integer.parseInt(args[3]) : txs - 50;
    Instant now = Instant.parse("2026-11-22T12:00:00Z");
    Instant genesis = now.minus(Duration.ofDays(800));
    List<Anvil> chains = List.of(Anvil.start(5042002, genesis), Anvil.start(1, genesis), Anvil.start(8453, genesis));
    String wallet = Anvil.randomAddress();
    long seedStart = System.nanoTime();
    for (Anvil chain : chains) {
      chain.fund(wallet);
      // Mostly outgoing, 10 per block; then incoming transfers from 50 peers.
      List<String> pool = Anvil.randomAddresses(recipients);
      List<String> to = new ArrayList<>(txs - 50);
      for (int i = 0; i < txs - 50; i++) {
        to.add(pool.get(i % pool.size()));
      }
      chain.bulk(wallet, to, BigInteger.valueOf(1_000_000_007L), 10, genesis.plus(Duration.ofDays(1)));
      Instant at = genesis.plus(Duration.ofDays(300));
      for (String peer : Anvil.randomAddresses(50)) {
        chain.fund(peer);
        at = at.plus(Duration.ofHours(7));
        chain.sendAt(at, peer, wallet, BigInteger.valueOf(42));
      }
    }
    System.out.printf("seeded %d txs on each of 3 chains in %.1f s%n", txs, (System.nanoTime() - seedStart) / 1e9);

    // With a latency, both the bare client and the service reach each node through a proxy that
    // holds every answer that long (a provider's round trip).
    List<FaultyRpc> proxies = new ArrayList<>();
    List<String> urls = new ArrayList<>();
    for (Anvil chain : chains) {
      if (latencyMs > 0) {
        FaultyRpc proxy = FaultyRpc.start((n, body) -> FaultyRpc.Reply.forward(chain.url).after(latencyMs));
        proxies.add(proxy);
        urls.add(proxy.url);
      } else {
        urls.add(chain.url);
      }
    }
    var file = ChainsFile.write(List.of(
        Entry.history("Arc Testnet", 5042002, "USDC", urls.get(0)).cap(Math.max(1000, txs)).pageSize(PAGE_SIZE),
        Entry.history("Ethereum Mainnet", 1, "ETH", urls.get(1)).cap(Math.max(1000, txs)).pageSize(PAGE_SIZE),
        Entry.history("Base", 8453, "ETH", urls.get(2)).cap(Math.max(1000, txs)).pageSize(PAGE_SIZE)));
    Map<String, String> env = new HashMap<>(BenchEnv.unmetered());
    env.put("CHAINS_FILE", file.toString());
    env.put("VOUCH_HTTP_INSTANCES", "0");
    Vertx clientVertx = Vertx.vertx();
    WebClient bare = WebClient.create(clientVertx);
    try (TestApp app = TestApp.start(env)) {
      AtomicReference<Promise<Long>> committed = new AtomicReference<>();
      app.app.vertx().eventBus().<String>localConsumer(Addresses.SNAPSHOT_COMMITTED, m -> {
        Promise<Long> p = committed.get();
        if (p != null && m.body().equals(wallet)) {
          p.tryComplete(System.nanoTime());
        }
      });
      long[] pageTimes = new long[rounds];
      long[] intakeTimes = new long[rounds];
      int pages = 0;
      for (int round = -2; round < rounds; round++) {          // two warm-up rounds
        long t0 = System.nanoTime();
        pages = pageAll(bare, urls, wallet);
        long paging = System.nanoTime() - t0;

        reset(app, wallet);
        app.clock.advance(Duration.ofMinutes(1));             // a fresh per-minute budget
        Promise<Long> done = Promise.promise();
        committed.set(done);
        long t1 = System.nanoTime();
        var r = app.send(HttpMethod.POST, "/api/v1/intake/" + wallet, null, Map.of());
        if (r.statusCode() != 202) {
          throw new IllegalStateException("intake answered " + r.statusCode() + " " + r.bodyAsString());
        }
        long end = done.future().toCompletionStage().toCompletableFuture().get(120, TimeUnit.SECONDS);
        long intake = end - t1;
        if (round >= 0) {
          pageTimes[round] = paging;
          intakeTimes[round] = intake;
        }
        System.out.printf("round %d: bare paging %.0f ms, intake %.0f ms%n", round, paging / 1e6, intake / 1e6);
      }
      Map<String, Object> snap = Sql.one(app.database,
          "SELECT total_tx_count, unique_counterparties FROM snapshots WHERE wallet = ? ORDER BY id DESC LIMIT 1", wallet);
      long cps = Sql.count(app.database, "SELECT count(*) FROM counterparties c JOIN snapshots s ON s.id = c.snapshot_id"
          + " WHERE s.id = (SELECT max(id) FROM snapshots WHERE wallet = ?)", wallet);
      double p = median(pageTimes) / 1e6;
      double i = median(intakeTimes) / 1e6;
      System.out.printf("txs/chain=%d chains=3 pageSize=%d pages(all chains)=%d rounds=%d latency=%d ms cores=%d%n",
          txs, PAGE_SIZE, pages, rounds, latencyMs, Runtime.getRuntime().availableProcessors());
      System.out.printf("committed: total_tx_count=%s unique_counterparties=%s counterparty_rows=%d%n",
          snap.get("total_tx_count"), snap.get("unique_counterparties"), cps);
      System.out.printf("median bare paging %.0f ms (min %.0f), median intake %.0f ms (min %.0f), ratio %.2f%n",
          p, min(pageTimes) / 1e6, i, min(intakeTimes) / 1e6, i / p);
    } finally {
      bare.close();
      clientVertx.close();
      proxies.forEach(FaultyRpc::close);
      chains.forEach(Anvil::close);
    }
  }

  /** The wallet forgets its evidence so the next intake is a first index again. */
  static void reset(TestApp app, String wallet) {
    Sql.exec(app.database, "UPDATE wallets SET latest_snapshot_id = NULL WHERE address = ?", wallet);
    Sql.exec(app.database, "DELETE FROM snapshots WHERE wallet = ?", wallet);
    Sql.exec(app.database, "DELETE FROM index_jobs WHERE wallet = ?", wallet);
  }

  /** Pages every chain's history in parallel, as little as a client can do; the number of pages. */
  static int pageAll(WebClient client, List<String> urls, String wallet) throws Exception {
    List<Future<Integer>> all = new ArrayList<>();
    for (String url : urls) {
      all.add(page(client, url, wallet, 0, 0));
    }
    int pages = 0;
    for (Future<Integer> f : all) {
      pages += f.toCompletionStage().toCompletableFuture().get(120, TimeUnit.SECONDS);
    }
    return pages;
  }

  private static Future<Integer> page(WebClient client, String url, String wallet, long before, int pages) {
    String body = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ots_searchTransactionsBefore\",\"params\":[\""
        + wallet + "\"," + before + "," + PAGE_SIZE + "]}";
    return client.postAbs(url).putHeader("content-type", "application/json").sendBuffer(Buffer.buffer(body))
        .compose(r -> {
          JsonNode result;
          try {
            result = MAPPER.readTree(r.body().getBytes()).get("result");
          } catch (Exception e) {
            return Future.failedFuture(e);
          }
          JsonNode txs = result.get("txs");
          if (result.get("lastPage").asBoolean() || txs.isEmpty()) {
            return Future.succeededFuture(pages + 1);
          }
          long oldest = Long.decode(txs.get(txs.size() - 1).get("blockNumber").asText());
          return page(client, url, wallet, oldest, pages + 1);
        });
  }

  private static long median(long[] xs) {
    long[] s = xs.clone();
    Arrays.sort(s);
    return s[s.length / 2];
  }

  private static long min(long[] xs) {
    return Arrays.stream(xs).min().orElse(0);
  }
}
