package dev.vouch.cli;

import dev.vouch.VouchApp;
import dev.vouch.config.AppConfig;
import dev.vouch.ops.Logs;
import java.time.Clock;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.logging.Level;
import java.util.logging.Logger;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** Runs the service until stopped (SIGTERM drains it). */
@Command(name = "serve", description = "Run the service until stopped (SIGTERM drains it).")
final class ServeCommand implements Callable<Integer> {

  private static final Logger LOG = Logger.getLogger(ServeCommand.class.getName());

  @Spec
  CommandSpec spec;

  @Option(names = "--role", paramLabel = "<role>",
      description = "api, worker or all (default: VOUCH_ROLE, else all). api serves HTTP; worker indexes and commits.")
  AppConfig.Role role;

  @Option(names = "--port", paramLabel = "<port>",
      description = "HTTP port, the same as setting PORT (default: PORT, else http.port, 8080).")
  Integer port;

  @Override
  public Integer call() throws Exception {
    if (port != null) {
      if (port < 1 || port > 65535) {
        throw new ParameterException(spec.commandLine(), "--port must be from 1 to 65535, not " + port);
      }
      VouchCommand.of(spec).set("PORT", port.toString());
    }
    return serve(VouchCommand.of(spec).config(), role);
  }

  static int serve(AppConfig config, AppConfig.Role role) throws Exception {
    VouchApp app = VouchApp.start(role == null ? config : config.withRole(role), Clock.systemUTC());
    CountDownLatch stopped = new CountDownLatch(1);
    AppConfig running = role == null ? config : config.withRole(role);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      Logs.now(LOG, Level.INFO, "stop signal (SIGTERM or SIGINT): draining requests in flight for up to "
          + running.http().shutdownGraceSeconds() + " s (http.shutdownGraceSeconds), then stopping");
      app.close();
      stopped.countDown();
    }, "vouch-shutdown"));
    stopped.await();
    return 0;
  }
}
