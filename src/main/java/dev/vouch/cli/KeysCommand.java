package dev.vouch.cli;

import dev.vouch.budget.ApiKeyAdmin;
import dev.vouch.budget.model.ApiKeyFormat;
import dev.vouch.budget.model.Plan;
import java.io.PrintWriter;
import java.sql.SQLException;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * API keys: {@code keys create | list | revoke | plan | suspend | resume}, against DATABASE_URL or
 * the embedded default, after migrations. The key itself is printed once, at creation.
 */
@Command(name = "keys", description = "Create and manage API keys (stored as SHA-256 hashes).",
    subcommands = {KeysCommand.Create.class, KeysCommand.ListKeys.class, KeysCommand.Revoke.class,
        KeysCommand.SetPlan.class, KeysCommand.Suspend.class, KeysCommand.Resume.class})
final class KeysCommand {

  /** Runs one change or read on the command's database. */
  interface KeyWork {
    int run(ApiKeyAdmin keys, PrintWriter out, PrintWriter err) throws SQLException;
  }

  static int withKeys(CommandSpec spec, KeyWork work) throws SQLException {
    return CommandDatabase.withConnection(VouchCommand.of(spec).config(),
        c -> work.run(new ApiKeyAdmin(c), spec.commandLine().getOut(), spec.commandLine().getErr()));
  }

  /** Prints what a change did; 1 when nothing changed (unknown key, or revoked and so final). */
  static int report(ApiKeyAdmin.Outcome outcome, long id, String done, PrintWriter out, PrintWriter err) {
    switch (outcome) {
      case DONE -> {
        out.println("key " + id + " " + done);
        return 0;
      }
      case REVOKED -> err.println("key " + id + " is revoked; revocation is final");
      default -> err.println("no key with id " + id);
    }
    return 1;
  }

  /**
   * A {@code <key>} argument: a key id (keys list) or the key itself, found by its hash, so an
   * operator holding only the key can revoke it. No message ever repeats the argument: it may
   * be a key, or a key with a typo.
   */
  record KeyRef(long id, String key) {

    static KeyRef parse(CommandSpec spec, String given) {
      if (given.startsWith(ApiKeyFormat.PREFIX)) {
        if (!ApiKeyFormat.isWellFormed(given)) {
          throw new ParameterException(spec.commandLine(), "<key> is not a well-formed API key (" + ApiKeyFormat.PREFIX
              + " and " + (ApiKeyFormat.LENGTH - ApiKeyFormat.PREFIX.length()) + " letters and digits, the last "
              + "6 a checksum): copy it again whole, or give its id (see keys list)");
        }
        return new KeyRef(0, given);
      }
      if (given.matches("[0-9]{1,18}") && Long.parseLong(given) > 0) {
        return new KeyRef(Long.parseLong(given), null);
      }
      throw new ParameterException(spec.commandLine(),
          "<key> must be a key id (see keys list) or the key itself (" + ApiKeyFormat.PREFIX + "...)");
    }

    /** The key's id; empty when no stored key has this key's hash. */
    OptionalLong resolve(ApiKeyAdmin keys) throws SQLException {
      return key == null ? OptionalLong.of(id) : keys.idOf(key);
    }

    /** How a message names the key: its id, or the hint keys list shows (never the key). */
    String named() {
      return key == null ? "id " + id : "that value (" + ApiKeyFormat.hint(key) + ")";
    }
  }

  /** One change of one key. */
  interface KeyChange {
    ApiKeyAdmin.Outcome apply(ApiKeyAdmin keys, long id) throws SQLException;
  }

  /** Parses {@code <key>} before opening the database, finds its id, changes it and reports. */
  static int change(CommandSpec spec, String given, String done, KeyChange change) throws SQLException {
    KeyRef ref = KeyRef.parse(spec, given);
    return withKeys(spec, (keys, out, err) -> {
      OptionalLong id = ref.resolve(keys);
      if (id.isEmpty()) {
        err.println("no key with " + ref.named());
        return 1;
      }
      return report(change.apply(keys, id.getAsLong()), id.getAsLong(), done, out, err);
    });
  }

  @Command(name = "create", description = "Create a key and print it once; only its hash is stored.")
  static final class Create implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--plan", required = true, paramLabel = "<plan>", description = "developer, plus, pro or partner")
    Plan plan;

    @Option(names = "--label", required = true, paramLabel = "<text>", description = "who or what the key is for")
    String label;

    @Override
    public Integer call() throws SQLException {
      if (label.isBlank()) {
        throw new ParameterException(spec.commandLine(), "--label must not be blank: say who or what the key is for");
      }
      String text = label.trim();
      return withKeys(spec, (keys, out, err) -> {
        ApiKeyAdmin.Created key = keys.create(plan, text);
        out.println("created key " + key.id() + " (plan " + plan + ", label \"" + text
            + "\"). Store it now; it is not shown again:");
        out.println(key.secret());
        return 0;
      });
    }
  }

  @Command(name = "list", description = "List keys: id, plan, state, creation time, hint, label (never the key).")
  static final class ListKeys implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--json", description = "print a JSON array instead of a table")
    boolean json;

    @Override
    public Integer call() throws SQLException {
      return withKeys(spec, (keys, out, err) -> {
        List<ApiKeyAdmin.Listed> rows = keys.list();
        if (json) {
          out.println(Json.write(rows));
          return 0;
        }
        out.printf("%-6s %-10s %-10s %-28s %-21s %s%n", "ID", "PLAN", "STATE", "CREATED", "HINT", "LABEL");
        for (ApiKeyAdmin.Listed r : rows) {
          out.printf("%-6d %-10s %-10s %-28s %-21s %s%n", r.id(), r.plan(), r.state(), r.createdAt(), r.hint(), r.label());
        }
        return 0;
      });
    }
  }

  @Command(name = "revoke", description = "Revoke a key for good (exit 1 if it is unknown or already revoked).")
  static final class Revoke implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "<key>", description = "the key id (keys list) or the key itself")
    String key;

    @Override
    public Integer call() throws SQLException {
      return change(spec, key, "revoked", (keys, id) -> keys.revoke(id));
    }
  }

  @Command(name = "plan", description = "Move a key to another plan.")
  static final class SetPlan implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "<key>", description = "the key id (keys list) or the key itself")
    String key;

    @Parameters(index = "1", paramLabel = "<plan>", description = "developer, plus, pro or partner")
    Plan plan;

    @Override
    public Integer call() throws SQLException {
      return change(spec, key, "now on plan " + plan, (keys, id) -> keys.setPlan(id, plan));
    }
  }

  @Command(name = "suspend", description = "Suspend a key until resumed (its calls answer 403 NOT_ALLOWED).")
  static final class Suspend implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "<key>", description = "the key id (keys list) or the key itself")
    String key;

    @Override
    public Integer call() throws SQLException {
      return change(spec, key, "suspended", (keys, id) -> keys.suspend(id));
    }
  }

  @Command(name = "resume", description = "Resume a suspended key.")
  static final class Resume implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "<key>", description = "the key id (keys list) or the key itself")
    String key;

    @Override
    public Integer call() throws SQLException {
      return change(spec, key, "resumed", (keys, id) -> keys.resume(id));
    }
  }
}
