package dev.vouch.cli;

import dev.vouch.decision.model.DecisionModel;
import dev.vouch.score.model.ScoreModel;
import dev.vouch.stats.StatsVerticle;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/**
 * What {@code --version} prints: the build's version and git commit (written into
 * build.properties by Maven; "unknown" when the build had no git checkout) and the versions of the
 * models whose outputs carry them.
 */
public final class BuildInfo implements IVersionProvider {

  static final String RESOURCE = "/dev/vouch/cli/build.properties";

  @Override
  public String[] getVersion() {
    Properties p = read();
    return new String[] {
        "vouch " + known(p.getProperty("version")),
        "commit " + known(p.getProperty("commit")),
        "models: decision " + DecisionModel.VERSION + ", score " + ScoreModel.VERSION + ", stats " + StatsVerticle.VERSION,
    };
  }

  /** An unfiltered placeholder means the build could not tell: say so rather than guess. */
  static String known(String value) {
    return value == null || value.isBlank() || value.contains("${") ? "unknown" : value.trim();
  }

  private static Properties read() {
    Properties p = new Properties();
    try (InputStream in = BuildInfo.class.getResourceAsStream(RESOURCE)) {
      if (in != null) {
        p.load(in);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + RESOURCE, e);
    }
    return p;
  }
}
