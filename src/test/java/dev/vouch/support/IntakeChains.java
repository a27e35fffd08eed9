package dev.vouch.support;

import dev.vouch.support.ChainsFile.Entry;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The chains the intake-driven API tests index, all real Anvil nodes started at
 * {@link Backdated#GENESIS}: Arc, Ethereum and Base read as history (Base capped at 8
 * transactions) and Polygon as an aggregate. The tests create every transaction, so what the
 * service commits is known.
 */
public record IntakeChains(Anvil arc, Anvil ethereum, Anvil base, Anvil polygon) implements AutoCloseable {

  public static IntakeChains start() {
    Instant g = Backdated.GENESIS;
    return new IntakeChains(Anvil.start(5042002, g), Anvil.start(1, g), Anvil.start(8453, g), Anvil.start(137, g));
  }

  public List<Anvil> all() {
    return List.of(arc, ethereum, base, polygon);
  }

  /** Gas money for each wallet on every chain. */
  public void fund(List<String> wallets) {
    for (Anvil chain : all()) {
      wallets.forEach(chain::fund);
    }
  }

  /**
   * The app indexing these chains (unmetered, polling for jobs every 100 ms), the extra catalogue
   * entries after them, and env on top.
   */
  public TestApp app(List<Entry> extra, Map<String, String> env) {
    List<Entry> entries = new ArrayList<>(List.of(
        Entry.history("Arc Testnet", 5042002, "USDC", arc.url),
        Entry.history("Ethereum Mainnet", 1, "ETH", ethereum.url),
        Entry.history("Base", 8453, "ETH", base.url).cap(8),
        Entry.aggregate("Polygon", 137, "POL", polygon.url)));
    entries.addAll(extra);
    Map<String, String> all = new HashMap<>(TestApp.UNMETERED);
    all.put("CHAINS_FILE", ChainsFile.write(entries).toString());
    all.put("VOUCH_INDEXING_POLL_MS", "100");
    all.putAll(env);
    return TestApp.start(all);
  }

  @Override
  public void close() {
    all().forEach(Anvil::close);
  }
}
