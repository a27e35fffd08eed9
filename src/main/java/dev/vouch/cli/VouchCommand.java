package dev.vouch.cli;

import dev.vouch.config.AppConfig;
import dev.vouch.StartupFailures;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/**
 * The root of the command line. Every command is a class of this package; to add one, write it
 * (a {@code @Command} implementing {@code Callable<Integer>}) and list it in {@code subcommands}
 * below. Help and version options are inherited by every command and never act. Exit status:
 * 0 done, 1 failed or refused, 2 usage error. Configuration is read only when a command runs, so
 * {@code --help} works even with a broken configuration.
 */
@Command(name = "vouch", scope = ScopeType.INHERIT, mixinStandardHelpOptions = true,
    versionProvider = BuildInfo.class, sortOptions = false, usageHelpAutoWidth = true,
    description = {
        "Wallet counterparty decisions. Without a command: serve (role from VOUCH_ROLE, default all).",
        "Configuration: config/application.yaml, overridden by environment variables "
            + "(PORT, DATABASE_URL, REDIS_URL, VOUCH_*). No DATABASE_URL = embedded PostgreSQL in ./data/pg."},
    footer = {"", "Exit status: 0 done, 1 failed or refused, 2 usage error."},
    subcommands = {
        ServeCommand.class,
        MigrateCommand.class,
        KeysCommand.class,
        ChainsCommand.class,
        ReceiptKeysCommand.class,
        ReadModelCommand.class,
        CompletionCommand.class,
        HelpCommand.class,
    })
public final class VouchCommand implements Callable<Integer> {

  private final Function<Map<String, String>, AppConfig> configSource;
  private final Map<String, String> settings = new LinkedHashMap<>();
  private AppConfig config;

  @Spec
  CommandSpec spec;

  VouchCommand(Function<Map<String, String>, AppConfig> configSource) {
    this.configSource = configSource;
  }

  /** A setting given as an option (serve --port), read exactly as its environment variable would be. */
  void set(String variable, String value) {
    if (config != null) {
      throw new IllegalStateException(variable + " set after the configuration was read");
    }
    settings.put(variable, value);
  }

  /** The configuration, read on first use. */
  AppConfig config() {
    if (config == null) {
      config = configSource.apply(Map.copyOf(settings));
    }
    return config;
  }

  /** The root of whichever command runs, for its configuration. */
  static VouchCommand of(CommandSpec spec) {
    return (VouchCommand) spec.root().userObject();
  }

  @Override
  public Integer call() throws Exception {
    return ServeCommand.serve(config(), null);
  }

  /**
   * The command tree with its output, error stream and handlers; tests run it in process. The
   * source reads the configuration with the settings given as options on top of the environment.
   */
  public static CommandLine commandLine(Function<Map<String, String>, AppConfig> config, PrintStream out,
      PrintStream err) {
    VouchCommand root = new VouchCommand(config);
    CommandLine cli = new CommandLine(root);
    cli.setOut(new PrintWriter(out, true, StandardCharsets.UTF_8));
    cli.setErr(new PrintWriter(err, true, StandardCharsets.UTF_8));
    cli.setCaseInsensitiveEnumValuesAllowed(true);
    // A command's help opens with its usage; its header is the one-line summary its parent lists.
    List<String> sections = new java.util.ArrayList<>(cli.getHelpSectionKeys());
    sections.removeAll(List.of(CommandLine.Model.UsageMessageSpec.SECTION_KEY_HEADER_HEADING,
        CommandLine.Model.UsageMessageSpec.SECTION_KEY_HEADER));
    cli.setHelpSectionKeys(sections);
    cli.setParameterExceptionHandler((ex, args) -> {
      CommandLine failed = ex.getCommandLine();
      PrintWriter w = failed.getErr();
      String name = failed.getCommandSpec().qualifiedName();
      // picocli checks required options before it reports what it did not recognise: name both.
      List<String> unknown = failed.getUnmatchedArguments();
      if (!(ex instanceof CommandLine.UnmatchedArgumentException) && !unknown.isEmpty()) {
        w.println(name + ": Unknown option" + (unknown.size() == 1 ? "" : "s") + ": "
            + unknown.stream().map(a -> "'" + withoutKeys(a) + "'").collect(Collectors.joining(", ")));
      }
      w.println(name + ": " + withoutKeys(ex.getMessage()));
      if (!CommandLine.UnmatchedArgumentException.printSuggestions(ex, w)) {
        failed.usage(w);
      }
      return failed.getCommandSpec().exitCodeOnInvalidInput();
    });
    cli.setExecutionExceptionHandler((ex, failed, parsed) -> {
      // One readable line naming the cause; the trace is noise for every cause we can name.
      failed.getErr().println("vouch: " + withoutKeys(StartupFailures.describe(ex, root.config)));
      return failed.getCommandSpec().exitCodeOnExecutionException();
    });
    return cli;
  }

  /** An API key (or anything shaped like one) typed where it does not belong. */
  private static final Pattern KEY = Pattern.compile("vouch_(?:live|test)_[0-9A-Za-z]*");

  /** picocli's messages quote the argument they refuse; an API key there would reach terminals and logs. */
  static String withoutKeys(String message) {
    return message == null ? null : KEY.matcher(message).replaceAll("<an API key, not shown>");
  }

  /** A fixed configuration (tests); of the option settings only PORT applies to it. */
  public static CommandLine commandLine(Supplier<AppConfig> config, PrintStream out, PrintStream err) {
    return commandLine(fixed(config), out, err);
  }

  public static int execute(Supplier<AppConfig> config, PrintStream out, PrintStream err, String... args) {
    return execute(fixed(config), out, err, args);
  }

  public static int execute(Function<Map<String, String>, AppConfig> config, PrintStream out, PrintStream err,
      String... args) {
    CommandLine cli = commandLine(config, out, err);
    try {
      return cli.execute(args);
    } finally {
      cli.getOut().flush();
      cli.getErr().flush();
    }
  }

  private static Function<Map<String, String>, AppConfig> fixed(Supplier<AppConfig> config) {
    return settings -> {
      AppConfig c = config.get();
      String port = settings.get("PORT");
      return port == null || c == null ? c : c.withHttpPort(Integer.parseInt(port));
    };
  }
}
