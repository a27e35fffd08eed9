package dev.vouch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.config.AppConfig;
import dev.vouch.config.ConfigLoader;
import dev.vouch.decision.model.DecisionModel;
import dev.vouch.score.model.ScoreModel;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The command tree itself: every command answers --help and refuses an unknown flag without
 * acting. "Without acting" is proven by a configuration that counts its reads: no command can
 * reach a database, start a server or migrate without reading it first.
 */
class VouchCommandTest {

  record Run(int status, String out, String err) {}

  final AtomicInteger configReads = new AtomicInteger();
  final Supplier<AppConfig> countingConfig = () -> {
    configReads.incrementAndGet();
    throw new IllegalStateException("the configuration was read");
  };

  Run run(Supplier<AppConfig> config, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = VouchCommand.execute(config, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8), args);
    return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  /** Every command path of the tree: "", "serve", "keys", "keys create", ... */
  static List<String> commandPaths() {
    List<String> paths = new ArrayList<>();
    collect(VouchCommand.commandLine(() -> null, System.out, System.err), "", paths);
    return paths;
  }

  private static void collect(CommandLine cli, String path, List<String> paths) {
    paths.add(path);
    cli.getSubcommands().forEach((name, sub) -> {
      if (!sub.getCommandSpec().name().equals(name)) {
        return; // an alias of a command already listed
      }
      collect(sub, (path + " " + name).trim(), paths);
    });
  }

  static String[] argv(String path, String... more) {
    List<String> args = new ArrayList<>(path.isEmpty() ? List.of() : List.of(path.split(" ")));
    args.addAll(List.of(more));
    return args.toArray(String[]::new);
  }

  @Test
  void everyCommandPrintsItsHelpAndExitsZeroWithoutActing() {
    List<String> paths = commandPaths();
    assertThat(paths).contains("", "serve", "migrate", "keys", "keys create", "keys list", "keys revoke", "keys plan",
        "keys suspend", "keys resume", "chains", "chains verify", "receipt-keys", "receipt-keys new",
        "generate-completion", "help");
    for (String path : paths) {
      for (String flag : List.of("--help", "-h")) {
        Run r = run(countingConfig, argv(path, flag));
        assertThat(r.status()).as(path + " " + flag).isZero();
        assertThat(r.out()).as(path + " " + flag).contains("Usage: vouch" + (path.isEmpty() ? "" : " " + path));
        assertThat(r.err()).as(path + " " + flag).isEmpty();
      }
    }
    assertThat(configReads.get()).as("no help read the configuration").isZero();
  }

  @Test
  void anUnknownFlagIsAUsageErrorThatNamesTheFlag() {
    for (String path : commandPaths()) {
      Run r = run(countingConfig, argv(path, "--no-such-flag"));
      assertThat(r.status()).as(path).isEqualTo(2);
      assertThat(r.err()).as(path).contains("vouch" + (path.isEmpty() ? "" : " " + path) + ": Unknown option: '--no-such-flag'");
      assertThat(r.out()).as(path).isEmpty();
    }
    Run role = run(countingConfig, "serve", "--role", "everything");
    assertThat(role.status()).isEqualTo(2);
    assertThat(role.err()).contains("Invalid value for option '--role'").contains("api, worker, all").contains("'everything'");
    Run wallet = run(countingConfig, "chains", "verify", "--wallet", "0x12");
    assertThat(wallet.status()).isEqualTo(2);
    assertThat(wallet.err()).contains("--wallet needs a 0x address of 40 hex digits, not '0x12'");
    Run command = run(countingConfig, "sevre");
    assertThat(command.status()).isEqualTo(2);
    assertThat(command.err()).contains("Unmatched argument at index 0: 'sevre'").contains("Did you mean: vouch serve");
    assertThat(configReads.get()).as("no usage error read the configuration").isZero();
  }

  @Test
  void everyCommandSummaryIsASentenceAndHelpTextWrapsInsteadOfBreakingMidSentence() {
    // A parent lists each child by its header (or its description's first line): a line broken by
    // hand ("...latency, and whether") read as a cut sentence there, and as ragged breaks on help.
    for (String path : commandPaths()) {
      CommandLine cli = VouchCommand.commandLine(() -> null, System.out, System.err);
      for (String name : path.isEmpty() ? List.<String>of() : List.of(path.split(" "))) {
        cli = cli.getSubcommands().get(name);
      }
      var spec = cli.getCommandSpec().usageMessage();
      String summary = spec.header().length > 0 ? spec.header()[0] : spec.description()[0];
      assertThat(summary).as(path + " summary").matches("(?s).*[.)]$");
      for (String paragraph : spec.description()) {
        assertThat(paragraph).as(path + " description paragraph").matches("(?s).*[.):]$");
      }
    }
    Run chains = run(countingConfig, "chains", "--help");
    assertThat(chains.out()).contains("Ask every chain source once and check that the sources agree.");
  }

  @Test
  void servePortIsCheckedBeforeAnythingStarts() {
    Run zero = run(countingConfig, "serve", "--port", "0");
    assertThat(zero.status()).isEqualTo(2);
    assertThat(zero.err()).contains("--port must be from 1 to 65535, not 0");
    Run words = run(countingConfig, "serve", "--port", "eighty");
    assertThat(words.status()).isEqualTo(2);
    assertThat(words.err()).contains("Invalid value for option '--port'");
    assertThat(run(countingConfig, "serve", "--help").out()).contains("--port=<port>").contains("the same as setting PORT");
    assertThat(configReads.get()).isZero();
  }

  @Test
  void versionNamesTheBuildTheCommitAndTheModels() {
    Run r = run(countingConfig, "--version");
    assertThat(r.status()).isZero();
    assertThat(r.out()).containsPattern("(?m)^vouch \\d+\\.\\d+\\.\\d+")
        .containsPattern("(?m)^commit ([0-9a-f]{40}|unknown)$")
        .contains("decision " + DecisionModel.VERSION).contains("score " + ScoreModel.VERSION);
    assertThat(run(countingConfig, "keys", "--version").out()).isEqualTo(r.out());
    assertThat(BuildInfo.known("${git.commit.id.full}")).isEqualTo("unknown");
    assertThat(BuildInfo.known("")).isEqualTo("unknown");
    assertThat(configReads.get()).isZero();
  }

  @Test
  void theCompletionScriptIsGeneratedFromTheCommandTree() {
    Run r = run(countingConfig, "generate-completion");
    assertThat(r.status()).isZero();
    assertThat(r.out()).contains("complete -F _complete_vouch").contains("revoke").contains("verify")
        .contains("--json").contains("receipt-keys");
  }

  @Test
  void helpNamesACommandsUsageAndRefusesAnUnknownOne() {
    Run keysCreate = run(countingConfig, "help", "keys", "create");
    assertThat(keysCreate.status()).isZero();
    assertThat(keysCreate.out()).startsWith("Usage: vouch keys create").contains("--plan=<plan>");
    Run unknown = run(countingConfig, "help", "keys", "rotate");
    assertThat(unknown.status()).isEqualTo(2);
    assertThat(unknown.err()).contains("unknown command 'rotate' under 'vouch keys'; commands there: [create, list,");
    assertThat(configReads.get()).isZero();
  }

  @Test
  void aCommandWithoutItsSubcommandSaysWhichExist() {
    for (String parent : List.of("keys", "chains", "receipt-keys")) {
      Run r = run(countingConfig, parent);
      assertThat(r.status()).as(parent).isEqualTo(2);
      assertThat(r.err()).as(parent).contains("Missing required subcommand").contains("Usage: vouch " + parent);
    }
  }

  @Test
  void aBrokenConfigurationFailsTheCommandWithExitOneAndNamesTheSetting() throws Exception {
    Run r = run(() -> ConfigLoader.load(Map.of("PORT", "eighty")), "migrate");
    assertThat(r.status()).isEqualTo(1);
    assertThat(r.err()).contains("vouch: invalid configuration: http.port (PORT or VOUCH_HTTP_PORT): 'eighty' is not a whole number");
  }

  @Test
  void receiptKeysNewPrintsAPrivateSetAndKeepsTheKeysItRotates() throws Exception {
    Run first = run(countingConfig, "receipt-keys", "new");
    assertThat(first.status()).isZero();
    assertThat(first.out()).contains("\"keys\"").contains("\"d\"").contains("Ed25519");
    Path current = Files.createTempFile("vouch-keys", ".json");
    try {
      Files.writeString(current, first.out());
      Run rotated = run(countingConfig, "receipt-keys", "new", current.toString());
      assertThat(rotated.status()).isZero();
      String kid = first.out().replaceAll("(?s).*\"kid\":\"([^\"]+)\".*", "$1");
      assertThat(rotated.out()).contains(kid).doesNotStartWith("{\"keys\":[{\"kty\":\"OKP\",\"d\":\"" + kid);
    } finally {
      Files.deleteIfExists(current);
    }
    Run missing = run(countingConfig, "receipt-keys", "new", "/nonexistent/keys.json");
    assertThat(missing.status()).isEqualTo(1);
    assertThat(missing.err()).contains("/nonexistent/keys.json");
  }

  /** Issue 34 item 6: help opens with the usage; a summary (header) is for the parent's list only. */
  @Test
  void everyHelpStartsWithItsUsageAndSaysEachSentenceOnce() {
    for (String path : commandPaths()) {
      Run r = run(countingConfig, argv(path, "--help"));
      assertThat(r.out()).as(path).startsWith("Usage: vouch" + (path.isEmpty() ? "" : " " + path));
      for (String line : r.out().lines().map(String::strip).filter(l -> l.length() > 30).toList()) {
        assertThat(r.out().split(java.util.regex.Pattern.quote(line), -1)).as(path + ": " + line).hasSize(2);
      }
    }
    // The parent still lists a child by its short summary.
    assertThat(run(countingConfig, "read-model", "--help").out())
        .contains("Recompute wallet_reads rows online, in short chunks (resumable).");
  }

  /** Issue 34 item 6: every command is in the README's command list. */
  @Test
  void theReadmeListsEveryCommand() throws Exception {
    String readme = Files.readString(Path.of("README.md"));
    int at = readme.indexOf("## Command line");
    assertThat(at).isNotNegative();
    int open = readme.indexOf("```", at);
    String block = readme.substring(open + 3, readme.indexOf("```", open + 3));
    for (String path : commandPaths()) {
      if (path.isEmpty()) {
        continue;
      }
      String[] words = path.split(" ");
      String pattern = "(?m)^.*(?<![\\w-])" + java.util.regex.Pattern.quote(words[0]) + "(?![\\w-])"
          + (words.length > 1 ? ".*(?<![\\w-])" + java.util.regex.Pattern.quote(words[1]) + "(?![\\w-])" : "") + ".*$";
      assertThat(block).as("README command list names '%s'", path).containsPattern(pattern);
    }
  }

  /** Issue 34 item 6: a missing <current.json> is named as missing, not as a failed start. */
  @Test
  void receiptKeysNewOfAMissingFileSaysNotFound() {
    Run missing = run(countingConfig, "receipt-keys", "new", "missing.json");
    assertThat(missing.status()).isEqualTo(1);
    assertThat(missing.err()).isEqualTo("vouch receipt-keys new: missing.json: not found" + System.lineSeparator());
  }
}
