package dev.vouch.transfer;

import dev.vouch.budget.Metering;
import dev.vouch.budget.model.Admission;
import dev.vouch.budget.model.Caller;
import dev.vouch.budget.model.Plan;
import dev.vouch.chain.BlockTransferReader;
import dev.vouch.chain.ChainTraffic;
import dev.vouch.chain.RpcClient;
import dev.vouch.chain.RpcSession;
import dev.vouch.chain.model.BlockTransfer;
import dev.vouch.config.AppConfig;
import dev.vouch.config.ChainConfig;
import dev.vouch.ops.Metrics;
import dev.vouch.ops.ThrottledLog;
import dev.vouch.store.Gateway;
import dev.vouch.transfer.model.TransferRules;
import dev.vouch.transfer.model.TransferVerdict;
import dev.vouch.transfer.model.WatchMatch;
import io.micrometer.core.instrument.Gauge;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.ext.web.client.WebClient;
import io.vertx.ext.web.client.WebClientOptions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Logger;

/**
 * Watched deposit addresses (issue 32 item 2, docs/transfers.md#watched-deposit-addresses): one
 * scanner per chain with rpcUrls, in worker roles. Each step reads a bounded range of blocks up to
 * the head minus the chain's confirmations (so a reorganisation within that depth never reaches
 * what it reads), finds the transfers into and out of wallets on lists with screenTransfers, screens
 * each with the rules and store of {@link Transfers}, and commits the screenings, their intake
 * and their transfer.screened events with the chain's cursor in one transaction. The cursor moves by
 * compare-and-set, so of two workers scanning the same range one commits and the other's step rolls
 * back: nothing is lost or written twice across restarts, kills or several workers.
 */
public final class TransferWatchVerticle extends VerticleBase {

  private static final Logger LOG = Logger.getLogger(TransferWatchVerticle.class.getName());
  private static final ThrottledLog FAILURES = new ThrottledLog(LOG, Duration.ofSeconds(30));
  /** Blocks between a chain's cursor and its safe head, per chain. */
  public static final String BEHIND = "vouch.transfer.watch.behind.blocks";
  /** A step's commit: its own deadline, as a snapshot commit has (many screenings in one transaction). */
  static final int COMMIT_DEADLINE_MS = 60_000;
  /** The IP a scanner's admissions are recorded under (keyed budgets never use it). */
  private static final String NO_IP = "127.0.0.1";

  private final Gateway db;
  private final Transfers transfers;
  private final TransferWatchStore store;
  private final Metering metering;
  private final List<ChainConfig> chains;
  private final AppConfig.Indexing ix;
  private final AppConfig.TransferWatch config;
  private final Clock clock;
  private volatile boolean stopped;

  public TransferWatchVerticle(Gateway db, Transfers transfers, Metering metering, List<ChainConfig> catalogue,
      AppConfig.Indexing ix, AppConfig.TransferWatch config, Clock clock) {
    this.db = db;
    this.transfers = transfers;
    this.store = new TransferWatchStore(db);
    this.metering = metering;
    this.chains = catalogue.stream().filter(c -> !c.rpcUrls().isEmpty()).toList();
    this.ix = ix;
    this.config = config;
    this.clock = clock;
  }

  @Override
  public Future<?> start() {
    WebClient web = WebClient.create(vertx, new WebClientOptions().setFollowRedirects(false)
        .setUserAgent("vouch-transfer-watch").setKeepAlive(true));
    for (ChainConfig chain : chains) {
      RpcClient rpc = new RpcClient(vertx, web, chain, ix.rpcRetries(), ix.rpcBackoffMs(), ix.maxResponseBytes(),
          ChainTraffic.of(vertx, ix));
      AtomicLong behind = new AtomicLong();
      Gauge.builder(BEHIND, behind, AtomicLong::get).tag("chain", chain.name())
          .description("Blocks between the transfer watch cursor and the chain's head minus its confirmations")
          .register(Metrics.of(vertx));
      new Scanner(chain, rpc, behind).next(0);
    }
    return Future.succeededFuture();
  }

  @Override
  public Future<?> stop() {
    stopped = true;
    return Future.succeededFuture();
  }

  /** One chain's loop: a step, then at once another while behind, else after pollMillis. */
  private final class Scanner {
    final ChainConfig chain;
    final RpcClient rpc;
    final AtomicLong behind;
    /** Halved when a range's answer is too large for the byte budget or a provider; grows back per step. */
    int span;

    Scanner(ChainConfig chain, RpcClient rpc, AtomicLong behind) {
      this.chain = chain;
      this.rpc = rpc;
      this.behind = behind;
      this.span = config.maxBlocks();
    }

    void next(long delayMs) {
      if (stopped) {
        return;
      }
      if (delayMs <= 0) {
        step().onComplete(ar -> next(ar.succeeded() && ar.result() ? 0 : config.pollMillis()));
      } else {
        vertx.setTimer(delayMs, id -> next(0));
      }
    }

    /** True when more confirmed blocks are waiting (go again at once). */
    Future<Boolean> step() {
      RpcSession session = rpc.session();
      return BlockTransferReader.head(session).compose(head -> {
        long safe = safeHead(head);
        return store.cursor(chain.chainId()).compose(cursor -> {
          if (cursor.isEmpty()) {
            // A chain's first start: transfers from now on, not the chain's history.
            return store.startCursor(chain.chainId(), Math.max(0, safe + 1), clock.instant()).map(true);
          }
          long from = cursor.get();
          behind.set(Math.max(0, safe - from + 1));
          if (from > safe) {
            return Future.succeededFuture(false);
          }
          long to = Math.min(safe, from + span - 1);
          return scan(session, from, to, safe + chain.confirmations() - 1).map(done -> {
            span = Math.min(config.maxBlocks(), span * 2);
            behind.set(Math.max(0, safe - to));
            return to < safe;
          }).recover(t -> {
            if (t instanceof TransferWatchStore.Lost) {
              return Future.succeededFuture(true); // another worker did this range: carry on from its cursor
            }
            if (BlockTransferReader.tooWide(t) && span > 1) {
              span = Math.max(1, span / 2);
              return Future.succeededFuture(true);
            }
            return Future.failedFuture(t);
          });
        });
      }).onFailure(t -> FAILURES.warn(() -> "transfer watch on " + chain.name() + " failed (retried): " + t));
    }

    long safeHead(long head) {
      return head - chain.confirmations() + 1;
    }

    /** Blocks [from, to] read, screened and committed with the cursor at to + 1. */
    Future<Void> scan(RpcSession session, long from, long to, long head) {
      return store.watchedSample(config.maxTopicAddresses() + 1).compose(sample -> {
        if (sample.isEmpty()) {
          return store.commit(chain.chainId(), from, to + 1, List.of(), clock.instant(), COMMIT_DEADLINE_MS).mapEmpty();
        }
        Set<String> filter = sample.size() <= config.maxTopicAddresses() ? new TreeSet<>(sample) : null;
        return BlockTransferReader.read(session, chain, from, to, filter).compose(range -> {
          Set<String> touched = new TreeSet<>();
          range.natives().forEach(t -> touched.addAll(List.of(t.from(), t.to())));
          range.tokens().forEach(t -> touched.addAll(List.of(t.from(), t.to())));
          return store.watchersOf(new ArrayList<>(touched)).compose(watchers -> {
            List<BlockTransfer> natives = range.natives().stream()
                .filter(t -> watchers.containsKey(t.from()) || watchers.containsKey(t.to())).toList();
            return BlockTransferReader.succeeded(session, natives).compose(ok -> {
              List<BlockTransfer> all = new ArrayList<>(ok);
              all.addAll(range.tokens());
              List<WatchMatch.Screening> found = WatchMatch.screenings(all, watchers.keySet(), chain);
              return screen(found, watchers, head).compose(items -> commit(from, to, items));
            });
          });
        });
      });
    }

    /**
     * Each found transfer decided as a POSTed one would be, under the policy of the key owning it
     * (the oldest watching list's): its counterparty read once per step, each owner's policy once.
     */
    Future<List<Pending>> screen(List<WatchMatch.Screening> found, Map<String, List<TransferWatchStore.Watcher>> watchers,
        long head) {
      Instant now = clock.instant();
      Map<String, Future<dev.vouch.score.WalletState>> states = new LinkedHashMap<>();
      Map<Long, Future<dev.vouch.policy.Policies.Effective>> policies = new LinkedHashMap<>();
      found.forEach(s -> {
        states.computeIfAbsent(s.moved().counterparty(), transfers::state);
        policies.computeIfAbsent(watchers.get(s.address()).get(0).apiKey(), transfers::policyOf);
      });
      // The step's counterparties' labels in one statement (the label store; none when cached).
      Future<dev.vouch.screening.Screening.Scope> scope = transfers.scope(states.keySet());
      List<Future<?>> reads = new ArrayList<>(states.values());
      reads.addAll(policies.values());
      reads.add(scope);
      return Future.all(reads).map(x -> {
        List<Pending> out = new ArrayList<>();
        Set<String> queued = new LinkedHashSet<>();
        Map<String, Transfers.Party> parties = new HashMap<>();
        for (WatchMatch.Screening s : found) {
          dev.vouch.policy.Policies.Effective pol = policies.get(watchers.get(s.address()).get(0).apiKey()).result();
          Transfers.Party p = parties.computeIfAbsent(s.moved().counterparty() + "|" + pol.id() + ":" + pol.version(),
              k -> transfers.party(states.get(s.moved().counterparty()).result(), chain.chainId(), now, pol,
                  scope.result()));
          long confirmations = head - s.block() + 1;
          TransferVerdict v = TransferRules.decide(s.moved(), s.direction(), confirmations, chain.confirmations(),
              p.view(), pol.policy());
          // One intake per counterparty per step, and none for a run already in flight.
          boolean intake = v.queueIntake() && !p.jobInFlight() && queued.add(s.moved().counterparty());
          out.add(new Pending(s, v, intake, confirmations, watchers.get(s.address()), pol.ref()));
        }
        return out;
      });
    }

    /**
     * The counterparties' first indexes charged to the owning key as intakes (what a POSTed
     * screening costs), then the commit; admissions are refunded when the commit fails.
     */
    Future<Void> commit(long from, long to, List<Pending> pending) {
      Map<TransferWatchStore.Watcher, List<Pending>> byOwner = new LinkedHashMap<>();
      pending.stream().filter(Pending::intake).forEach(p -> byOwner.computeIfAbsent(owner(p), o -> new ArrayList<>()).add(p));
      List<Future<Metering.BulkStart>> starts = new ArrayList<>();
      List<TransferWatchStore.Watcher> owners = new ArrayList<>(byOwner.keySet());
      for (TransferWatchStore.Watcher o : owners) {
        Caller caller = Caller.keyed(NO_IP, o.apiKey(), Plan.parse(o.plan()).orElse(Plan.developer));
        starts.add(metering.startScans(caller, byOwner.get(o).size())
            .recover(t -> Future.succeededFuture(new Metering.BulkStart(0, Admission.free()))));
      }
      return Future.all(starts).compose(all -> {
        Map<Pending, Boolean> admitted = new HashMap<>();
        List<Admission> admissions = new ArrayList<>();
        for (int i = 0; i < owners.size(); i++) {
          Metering.BulkStart start = all.resultAt(i);
          admissions.add(start.admission());
          List<Pending> wanted = byOwner.get(owners.get(i));
          for (int j = 0; j < wanted.size(); j++) {
            admitted.put(wanted.get(j), j < start.starts());
          }
        }
        List<TransferWatchStore.Item> items = new ArrayList<>();
        for (Pending p : pending) {
          boolean queue = p.intake() && admitted.getOrDefault(p, false);
          TransferVerdict v = p.intake() && !queue ? Transfers.notQueued(p.verdict(), p.found().moved().counterparty())
              : p.verdict();
          items.add(new TransferWatchStore.Item(new TransferStore.Key(chain.chainId(), p.found().txHash(),
              TransferStore.logIndex(p.found().moved()), p.found().address(), p.found().direction(), p.policy()),
              p.found().moved(), p.found().block(), p.confirmations(), chain.confirmations(), v, p.policy(), queue,
              p.watchers()));
        }
        return store.commit(chain.chainId(), from, to + 1, items, clock.instant(), COMMIT_DEADLINE_MS)
            .onSuccess(n -> {
              if (n > 0) {
                LOG.fine(() -> chain.name() + " blocks " + from + ".." + to + ": " + n + " watched transfers screened");
              }
            })
            .recover(t -> Future.join(admissions.stream().map(a -> metering.refund(a)).toList())
                .transform(x -> Future.failedFuture(t)))
            .mapEmpty();
      });
    }

    private TransferWatchStore.Watcher owner(Pending p) {
      return p.watchers().get(0);
    }
  }

  /** A found transfer with its verdict and the owner's policy it was decided under, before the intake admission. */
  private record Pending(WatchMatch.Screening found, TransferVerdict verdict, boolean intake, long confirmations,
      List<TransferWatchStore.Watcher> watchers, dev.vouch.decision.model.PolicyRef policy) {}
}
