package dev.vouch.clients;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.score.NewSnapshot;
import dev.vouch.score.model.Evidence;
import dev.vouch.support.Anvil;
import dev.vouch.support.Command;
import dev.vouch.support.Snapshots;
import dev.vouch.support.TestApp;
import java.math.BigInteger;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The official clients' own tests (clients/typescript/test, clients/python/tests) against this
 * build's real Vouch: a strong wallet to screen and a wallet with seven counterparties to page.
 */
class ClientsTest {

  static final int GRAPH_NODES = 7;
  static TestApp app;
  static Map<String, String> env;

  @BeforeAll
  static void start() {
    app = TestApp.start(TestApp.UNMETERED);
    Instant now = app.clock.instant();
    String strong = Anvil.randomAddress();
    Snapshots.commit(app.app.pool(), Snapshots.of(strong, Snapshots.strong(), now, Snapshots.healthyCoverage(now)));
    String graph = Anvil.randomAddress();
    Evidence ev = Snapshots.strong();
    NewSnapshot base = Snapshots.of(graph, ev, now, Snapshots.healthyCoverage(now));
    List<NewSnapshot.CounterpartyRow> peers = new ArrayList<>();
    for (String peer : Anvil.randomAddresses(GRAPH_NODES)) {
      peers.add(new NewSnapshot.CounterpartyRow(peer, 5042002, true, 1, 2, now.minusSeconds(86_400), now,
          BigInteger.TEN, BigInteger.ONE));
    }
    Snapshots.commit(app.app.pool(), new NewSnapshot(graph, now, base.score(), ev, base.firstActivityAt(),
        base.activeChains(), base.chains(), peers, null, null));
    env = Map.of("VOUCH_URL", "http://127.0.0.1:" + app.port, "VOUCH_STRONG_WALLET", strong,
        "VOUCH_GRAPH_WALLET", graph, "VOUCH_GRAPH_NODES", Integer.toString(GRAPH_NODES));
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  @Test
  void theTypeScriptClientPassesItsTestsInEsmAndCommonJs() {
    Command.Result r = Command.run(Path.of("clients/typescript").toAbsolutePath(), env, 180,
        List.of("node", "--test", "--test-reporter=spec", "test/client.test.mjs", "test/commonjs.test.cjs"));
    assertThat(r.exit()).as(r.output()).isZero();
    assertThat(count(r.output(), "ℹ pass (\\d+)")).as(r.output()).isEqualTo(11);
    assertThat(count(r.output(), "ℹ fail (\\d+)")).as(r.output()).isZero();
    assertThat(count(r.output(), "ℹ skipped (\\d+)")).as(r.output()).isZero();
  }

  @Test
  void thePythonClientInstallsWithPipAndPassesItsTestsSyncAndAsync() {
    Path venv = Path.of("tools/python/.venv").toAbsolutePath();
    assertThat(venv.resolve(".ready")).as("tools/python/setup.sh (the build runs it when the venv is missing)")
        .exists();
    String python = venv.resolve("bin/python").toString();
    Path root = Path.of("").toAbsolutePath();
    // What a newcomer runs, offline: no index, no build isolation (the venv has setuptools).
    Command.Result install = Command.run(root, Map.of(), 180, List.of(python, "-m", "pip", "install", "--quiet",
        "--no-deps", "--no-index", "--no-build-isolation", "--force-reinstall", "./clients/python"));
    assertThat(install.exit()).as(install.output()).isZero();
    // Run from the tests folder so the import is the installed package, not the source tree.
    Command.Result r = Command.run(root.resolve("clients/python/tests"), env, 180,
        List.of(python, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-rs", "test_client.py"));
    assertThat(r.exit()).as(r.output()).isZero();
    assertThat(count(r.output(), "(\\d+) passed")).as(r.output()).isEqualTo(11);
    assertThat(r.output()).as(r.output()).doesNotContain("skipped").doesNotContain("failed");
  }

  private static int count(String output, String regex) {
    Matcher m = Pattern.compile(regex).matcher(output);
    return m.find() ? Integer.parseInt(m.group(1)) : -1;
  }
}
