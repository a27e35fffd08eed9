package dev.vouch.identity;

import static dev.vouch.support.Backdated.E18;
import static dev.vouch.support.Backdated.NOW;

import dev.vouch.support.Signer;
import dev.vouch.support.TestWallet;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * Seeded adversarial populations for the trust and anomaly models (issue 21, docs/models.md
 * "Adversarial evaluation"): honest wallets with years of organic activity and a few mutual
 * attestations, and attack shapes built to buy {@code allow}. Only a plan: every wallet, transfer
 * and attestation, each wallet labelled honest or farm. {@link AdversarialRun} mines it on an Anvil
 * chain and drives it through the service. Same seed, same plan (keys included).
 */
final class Adversary {

  enum Label { honest, farm }

  /** How many of each shape; sizes of the rings are their member counts. */
  record Scale(int honest, int[] freshRings, int[] agedRings, int freshStar, int agedStar, int borrow, int chain,
      int singleSource, int churn, int agedActiveRing, int washRing, int agedWashRing, int dustStar) {

    /** The default-suite size: every shape within the targets once, small. */
    static final Scale SMOKE = new Scale(12, new int[] {3, 5}, new int[] {4}, 4, 4, 3, 3, 4, 3, 0, 4, 4, 3);
    /**
     * bench/adversarial.sh: rings up to 50 and a larger honest population, plus a ring of bought
     * aged active wallets, which is outside the targets (its history is an honest wallet's).
     */
    static final Scale FULL = new Scale(120, new int[] {3, 5, 10, 25, 50}, new int[] {3, 5, 10, 25}, 20, 20, 20, 10,
        20, 6, 5, 10, 10, 10);
  }

  static final class Member {
    final String name;
    final Signer key;
    final Label label;
    final String shape;
    /** Days before NOW of the wallet's first transaction (its funding). */
    double ageDays;

    Member(String name, Signer key, Label label, String shape) {
      this.name = name;
      this.key = key;
      this.label = label;
      this.shape = shape;
    }

    String address() {
      return key.address;
    }

    TestWallet wallet() {
      return TestWallet.of(key);
    }

    @Override
    public String toString() {
      return name;
    }
  }

  /** A planned transfer; the hash is known once it is mined. */
  static final class Tx {
    final Instant at;
    final String from;
    final String to;
    final BigInteger value;
    /** A transfer of the registered stablecoin (USDC, 6 decimals, value in its base units), not of the native coin. */
    final boolean token;
    String hash;

    Tx(Instant at, String from, String to, BigInteger value) {
      this(at, from, to, value, false);
    }

    Tx(Instant at, String from, String to, BigInteger value, boolean token) {
      this.at = at;
      this.from = from;
      this.to = to;
      this.value = value;
      this.token = token;
    }
  }

  /** Stablecoin base units per dollar (USDC: 6 decimals). */
  static final long USD = 1_000_000;

  /**
   * The attester vouches for the subject on {@code tx} and the subject accepts; {@code back}: the
   * subject vouches for the attester on the same transaction too. {@code remake}: churned, the
   * attestation is revoked after its acceptance and made again on this second transaction.
   */
  record Vouch(Member attester, Member subject, Tx tx, boolean back, Tx remake) {}

  final long seed;
  final Scale scale;
  private final Random rng;
  /**
   * The stablecoin parts of the plan (issue 24) draw from their own sequence, so the shapes of
   * issue 21 stay the very wallets and transfers they were for the same seed.
   */
  private final Random tokenRng;
  /** Addresses that send the stablecoin and so need a token balance (minted before the plan starts). */
  final Set<String> tokenSenders = new LinkedHashSet<>();
  final List<Member> members = new ArrayList<>();
  final List<Tx> txs = new ArrayList<>();
  final List<Vouch> vouches = new ArrayList<>();
  /** Shapes in plan order ("honest" first). */
  final Set<String> shapes = new LinkedHashSet<>();
  /** Addresses that send and so need a balance. */
  final Set<String> senders = new LinkedHashSet<>();
  private final List<String> merchants = new ArrayList<>();
  private final List<Member> honest = new ArrayList<>();

  Adversary(long seed, Scale scale) {
    this.seed = seed;
    this.scale = scale;
    this.rng = new Random(seed);
    this.tokenRng = new Random(seed * 31 + 24);
    for (int i = 0; i < 30; i++) {
      merchants.add(address());
    }
    honestPopulation(scale.honest());
    for (int n : scale.freshRings()) {
      ring("fresh-ring-" + n, n, false, false);
    }
    for (int n : scale.agedRings()) {
      ring("aged-idle-ring-" + n, n, true, false);
    }
    star("fresh-star-" + scale.freshStar(), scale.freshStar(), false);
    star("aged-star-" + scale.agedStar(), scale.agedStar(), true);
    borrow("borrow-honest-" + scale.borrow(), scale.borrow());
    chain("chain-" + scale.chain(), scale.chain());
    ring("single-source-" + scale.singleSource(), scale.singleSource(), false, true);
    ring("churn-" + scale.churn(), scale.churn(), false, false);
    if (scale.agedActiveRing() > 0) {
      agedActiveRing("aged-active-ring-" + scale.agedActiveRing(), scale.agedActiveRing());
    }
    honestStablecoins();
    washRing("wash-ring-" + scale.washRing(), scale.washRing(), false);
    washRing("aged-wash-ring-" + scale.agedWashRing(), scale.agedWashRing(), true);
    dustStar("dust-star-" + scale.dustStar(), scale.dustStar());
  }

  static Instant ago(double days) {
    return NOW.minus(Duration.ofSeconds((long) (days * 86_400)));
  }

  private double uniform(double lo, double hi) {
    return lo + rng.nextDouble() * (hi - lo);
  }

  private String address() {
    byte[] b = new byte[20];
    rng.nextBytes(b);
    return "0x" + HexFormat.of().formatHex(b);
  }

  /** 0.05 to 5 coins: never "tiny" (docs/models.md), as a careful attacker would choose too. */
  private BigInteger value() {
    return new BigDecimal(E18).multiply(BigDecimal.valueOf(uniform(0.05, 5))).toBigInteger();
  }

  private Member member(String shape, int i, Label label) {
    shapes.add(shape);
    String letters = shape.replaceAll("[^a-z]", "");
    String name = letters.substring(0, Math.min(8, letters.length())) + shape.replaceAll("[^0-9]", "") + "-" + i;
    Member m = new Member(name, Signer.from(rng), label, shape);
    members.add(m);
    senders.add(m.address());
    return m;
  }

  private Tx tx(Instant at, String from, String to) {
    Tx t = new Tx(at, from, to, value());
    txs.add(t);
    senders.add(from);
    return t;
  }

  /** The wallet's first transaction: a payment from {@code funder} (null: its own new source). */
  private void fund(Member m, double ageDays, String funder) {
    m.ageDays = ageDays;
    tx(ago(ageDays), funder == null ? address() : funder, m.address());
  }

  /**
   * Organic history: n transfers in or out, spread over the wallet's life, with other honest
   * wallets (already funded then), a shared pool of merchants or one-off addresses.
   */
  private void organic(Member m, int n) {
    for (int j = 0; j < n; j++) {
      double when = uniform(1, m.ageDays - 31);
      String other;
      double pick = rng.nextDouble();
      Member peer = honest.isEmpty() ? null : honest.get(rng.nextInt(honest.size()));
      if (pick < 0.3 && peer != null && peer != m && peer.ageDays > when + 31) {
        other = peer.address();
      } else if (pick < 0.7) {
        other = merchants.get(rng.nextInt(merchants.size()));
      } else {
        other = address();
      }
      if (rng.nextBoolean()) {
        tx(ago(when), m.address(), other);
      } else {
        tx(ago(when), other, m.address());
      }
    }
  }

  /** What a farm fabricates to look active: n payments to new addresses within the last days of its life. */
  private void busy(Member m, int n, double withinDays) {
    for (int j = 0; j < n; j++) {
      tx(ago(uniform(0.6, Math.min(withinDays, m.ageDays - 1.5))), m.address(), address());
    }
  }

  /** A farm wallet under 90 days old: funded 20 to 89 days ago. */
  private double freshAge() {
    return uniform(20, 89);
  }

  private void honestPopulation(int n) {
    for (int i = 0; i < n; i++) {
      Member m = member("honest", i, Label.honest);
      fund(m, uniform(400, 960), null);
      honest.add(m);
    }
    for (Member m : honest) {
      organic(m, rng.nextDouble() < 0.1 ? 3 + rng.nextInt(3) : 8 + rng.nextInt(13));
    }
    // A few mutual attestations: most wallets vouch for one other honest wallet they dealt with,
    // on a transaction from their shared past (one in five a recent one).
    for (Member m : honest) {
      if (rng.nextDouble() > 0.85) {
        continue;
      }
      Member peer = honest.get(rng.nextInt(honest.size()));
      if (peer == m) {
        continue;
      }
      double shared = Math.min(m.ageDays, peer.ageDays);
      double when = rng.nextDouble() < 0.2 ? uniform(1, 10) : uniform(2, shared - 31);
      vouches.add(new Vouch(m, peer, tx(ago(when), m.address(), peer.address()), rng.nextDouble() < 0.6, null));
    }
  }

  /**
   * Farm wallets that attest each other: fresh (20-89 days, each from its own source unless
   * {@code singleSource}) or aged and idle (funded 400-900 days ago, nothing since), all of them
   * fabricating recent activity. Up to five members attest every pair, larger rings each next
   * two; every relationship is reciprocal. The churn ring revokes and re-makes each one.
   */
  private void ring(String shape, int n, boolean aged, boolean singleSource) {
    boolean churn = shape.startsWith("churn");
    String source = singleSource ? address() : null;
    List<Member> ring = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      Member m = member(shape, i, Label.farm);
      fund(m, aged ? uniform(400, 900) : freshAge(), source);
      busy(m, 12, aged ? 5 : m.ageDays);
      ring.add(m);
    }
    int reach = n <= 5 ? n - 1 : 2;
    for (int i = 0; i < n; i++) {
      for (int d = 1; d <= reach; d++) {
        int j = (i + d) % n;
        if (n <= 5 && j < i) {
          continue;
        }
        Member a = ring.get(i);
        Member b = ring.get(j);
        Tx t = tx(ago(uniform(0.6, 4)), a.address(), b.address());
        Tx again = churn ? tx(ago(uniform(0.6, 4)), b.address(), a.address()) : null;
        vouches.add(new Vouch(a, b, t, true, again));
      }
    }
  }

  /**
   * Bought wallets with years of organic history of their own (funded 400-900 days ago, active
   * since), then a complete ring of attestations today: on history alone, honest wallets.
   */
  private void agedActiveRing(String shape, int n) {
    List<Member> ring = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      Member m = member(shape, i, Label.farm);
      fund(m, uniform(400, 900), null);
      organic(m, 12);
      ring.add(m);
    }
    for (int i = 0; i < n; i++) {
      for (int j = i + 1; j < n; j++) {
        vouches.add(new Vouch(ring.get(i), ring.get(j), tx(ago(uniform(0.6, 4)), ring.get(i).address(),
            ring.get(j).address()), true, null));
      }
    }
  }

  /** One hub attested by k fresh wallets (one way); the hub is fresh, or an aged active wallet bought for it. */
  private void star(String shape, int k, boolean agedHub) {
    Member hub = member(shape, 0, Label.farm);
    if (agedHub) {
      fund(hub, uniform(400, 900), null);
      organic(hub, 12);
    } else {
      fund(hub, freshAge(), null);
      busy(hub, 12, hub.ageDays);
    }
    for (int i = 1; i <= k; i++) {
      Member m = member(shape, i, Label.farm);
      fund(m, freshAge(), null);
      busy(m, 12, m.ageDays);
      vouches.add(new Vouch(m, hub, tx(ago(uniform(0.6, 4)), m.address(), hub.address()), false, null));
    }
  }

  /** k fresh wallets each pay one honest wallet and vouch for it; it accepts and vouches back. */
  private void borrow(String shape, int k) {
    Member target = honest.get(rng.nextInt(honest.size()));
    for (int i = 0; i < k; i++) {
      Member m = member(shape, i, Label.farm);
      fund(m, freshAge(), null);
      busy(m, 12, m.ageDays);
      vouches.add(new Vouch(m, target, tx(ago(uniform(0.6, 4)), m.address(), target.address()), true, null));
    }
  }

  /** An honest wallet vouches for the first of a line of fresh wallets, each vouching for the next (both ways). */
  private void chain(String shape, int n) {
    Member previous = honest.get(rng.nextInt(honest.size()));
    for (int i = 0; i < n; i++) {
      Member m = member(shape, i, Label.farm);
      fund(m, freshAge(), null);
      busy(m, 12, m.ageDays);
      vouches.add(new Vouch(previous, m, tx(ago(uniform(0.6, 4)), previous.address(), m.address()), true, null));
      previous = m;
    }
  }

  private double tokenUniform(double lo, double hi) {
    return lo + tokenRng.nextDouble() * (hi - lo);
  }

  private Tx token(Instant at, String from, String to, double dollars) {
    Tx t = new Tx(at, from, to, BigDecimal.valueOf(dollars).multiply(BigDecimal.valueOf(USD)).toBigInteger(), true);
    txs.add(t);
    senders.add(from);
    tokenSenders.add(from);
    return t;
  }

  /**
   * Honest stablecoin flow: two wallets in three are paid in USDC and pay with it, 2 to 8
   * transfers of 5 to 2,000 dollars over their life with other honest wallets and the merchants
   * (never in the 31 days after the funding, as the native plan keeps).
   */
  private void honestStablecoins() {
    for (Member m : honest) {
      if (tokenRng.nextDouble() > 2.0 / 3) {
        continue;
      }
      int n = 2 + tokenRng.nextInt(7);
      for (int j = 0; j < n; j++) {
        double when = tokenUniform(1, m.ageDays - 31);
        Member peer = honest.get(tokenRng.nextInt(honest.size()));
        String other = peer != m && peer.ageDays > when + 31 && tokenRng.nextBoolean() ? peer.address()
            : merchants.get(tokenRng.nextInt(merchants.size()));
        double dollars = Math.round(tokenUniform(5, 2_000) * 100) / 100.0;
        if (tokenRng.nextBoolean()) {
          token(ago(when), m.address(), other, dollars);
        } else {
          token(ago(when), other, m.address(), dollars);
        }
      }
    }
  }

  /**
   * Wash-trading (issue 24): a ring of farm wallets that attest each other as the other rings do
   * and cycle stablecoins among themselves for the price of gas, 10 rounds of 10,000 to 50,000
   * dollars each to the next two members within the last 4 days. Fresh: each from its own source,
   * 20-89 days old. Aged: bought wallets funded 400-900 days ago and idle since, each dusted with a
   * few cents 150-400 days ago by the farm's own address, which today pays it real money and
   * trades with it (an old dusting meant to pass for an old relationship).
   */
  private void washRing(String shape, int n, boolean aged) {
    List<Member> ring = new ArrayList<>();
    String duster = aged ? address() : null;
    for (int i = 0; i < n; i++) {
      Member m = member(shape, i, Label.farm);
      fund(m, aged ? uniform(400, 900) : freshAge(), null);
      busy(m, 12, aged ? 5 : m.ageDays);
      if (aged) {
        token(ago(uniform(150, Math.min(400, m.ageDays - 31))), duster, m.address(), 0.01 + rng.nextInt(50) / 100.0);
        token(ago(uniform(0.6, 4)), duster, m.address(), 25_000);
      }
      ring.add(m);
    }
    int reach = n <= 5 ? n - 1 : 2;
    for (int i = 0; i < n; i++) {
      for (int d = 1; d <= reach; d++) {
        int j = (i + d) % n;
        if (n <= 5 && j < i) {
          continue;
        }
        vouches.add(new Vouch(ring.get(i), ring.get(j), tx(ago(uniform(0.6, 4)), ring.get(i).address(),
            ring.get(j).address()), true, null));
      }
    }
    for (int round = 0; round < 10; round++) {
      for (int i = 0; i < n; i++) {
        for (int d = 1; d <= Math.min(2, n - 1); d++) {
          token(ago(uniform(0.6, 4)), ring.get(i).address(), ring.get((i + d) % n).address(),
              Math.round(uniform(10_000, 50_000)));
        }
      }
    }
  }

  /**
   * Dusting (issue 24): one fresh hub sprays 0.0001 to 0.01 dollars to every honest wallet and 50
   * new addresses (counterparties for the price of gas, and dust pushed onto honest wallets), and
   * is attested one way by k fresh wallets.
   */
  private void dustStar(String shape, int k) {
    Member hub = member(shape, 0, Label.farm);
    fund(hub, freshAge(), null);
    busy(hub, 12, hub.ageDays);
    List<String> targets = new ArrayList<>();
    honest.forEach(h -> targets.add(h.address()));
    for (int i = 0; i < 50; i++) {
      targets.add(address());
    }
    for (String t : targets) {
      token(ago(uniform(0.6, Math.min(10, hub.ageDays - 1.5))), hub.address(), t, (1 + rng.nextInt(100)) / 10_000.0);
    }
    for (int i = 1; i <= k; i++) {
      Member m = member(shape, i, Label.farm);
      fund(m, freshAge(), null);
      busy(m, 12, m.ageDays);
      vouches.add(new Vouch(m, hub, tx(ago(uniform(0.6, 4)), m.address(), hub.address()), false, null));
    }
  }
}
