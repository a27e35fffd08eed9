package dev.vouch.support;

import dev.vouch.cli.VouchCommand;
import dev.vouch.config.AppConfig;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** API keys made the way an operator makes them: through the keys command line. */
public final class TestKeys {

  private static final Pattern CREATED = Pattern.compile("created key (\\d+) .*\\R(vouch_live_\\S+)");

  public record Key(long id, String secret) {
    public String bearer() {
      return "Bearer " + secret;
    }
  }

  /** Output of one command run. */
  public record Run(int status, String out, String err) {}

  private TestKeys() {}

  /** Runs {@code keys <args>} through the real command line, in process. */
  public static Run run(AppConfig config, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = VouchCommand.execute(() -> config, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8), Stream.concat(Stream.of("keys"), Stream.of(args)).toArray(String[]::new));
    return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  public static Key create(AppConfig config, String plan) {
    Run run = run(config, "create", "--plan", plan, "--label", "test " + plan);
    Matcher m = CREATED.matcher(run.out());
    if (run.status() != 0 || !m.find()) {
      throw new IllegalStateException("keys create failed: " + run);
    }
    return new Key(Long.parseLong(m.group(1)), m.group(2));
  }
}
