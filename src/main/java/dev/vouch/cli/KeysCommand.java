package dev.vouch.cli;

import dev.vouch.budget.ApiKeyAdmin;
import dev.vouch.budget.model.Plan;
import java.io.PrintWriter;
import java.sql.SQLException;
import java.util.List;
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

  /** Ids are positive; picocli already refused what is not a number. */
  static long positive(CommandSpec spec, long id) {
    if (id < 1) {
      throw new ParameterException(spec.commandLine(), "<id> must be a positive key id (see keys list), not " + id);
    }
    return id;
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

    @Parameters(paramLabel = "<id>", description = "the key id (keys list)")
    long id;

    @Override
    public Integer call() throws SQLException {
      long key = positive(spec, id);
      return withKeys(spec, (keys, out, err) -> report(keys.revoke(key), key, "revoked", out, err));
    }
  }

  @Command(name = "plan", description = "Move a key to another plan.")
  static final class SetPlan implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "<id>", description = "the key id (keys list)")
    long id;

    @Parameters(index = "1", paramLabel = "<plan>", description = "developer, plus, pro or partner")
    Plan plan;

    @Override
    public Integer call() throws SQLException {
      long key = positive(spec, id);
      return withKeys(spec, (keys, out, err) -> report(keys.setPlan(key, plan), key, "now on plan " + plan, out, err));
    }
  }

  @Command(name = "suspend", description = "Suspend a key until resumed (its calls answer 403 NOT_ALLOWED).")
  static final class Suspend implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "<id>", description = "the key id (keys list)")
    long id;

    @Override
    public Integer call() throws SQLException {
      long key = positive(spec, id);
      return withKeys(spec, (keys, out, err) -> report(keys.suspend(key), key, "suspended", out, err));
    }
  }

  @Command(name = "resume", description = "Resume a suspended key.")
  static final class Resume implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "<id>", description = "the key id (keys list)")
    long id;

    @Override
    public Integer call() throws SQLException {
      long key = positive(spec, id);
      return withKeys(spec, (keys, out, err) -> report(keys.resume(key), key, "resumed", out, err));
    }
  }
}
