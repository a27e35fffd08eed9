package dev.vouch.support;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.Rectangle;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * Debian's headless Chromium driven by its chromedriver. A missing browser fails the test (CI
 * installs both); Selenium Manager is never asked to download anything.
 */
public final class Browser implements AutoCloseable {

  public static final Path CHROMIUM = Path.of(System.getenv().getOrDefault("CHROMIUM_BIN", "/usr/bin/chromium"));
  public static final Path CHROMEDRIVER =
      Path.of(System.getenv().getOrDefault("CHROMEDRIVER_BIN", "/usr/bin/chromedriver"));
  /** Where screenshots go; `-Dvouch.screenshots=docs/img` refreshes the README's pictures. */
  private static final Path SHOTS = Path.of(System.getProperty("vouch.screenshots", "target/screenshots"));

  /** Window height headless Chromium keeps outside the page's viewport. */
  private static final int CHROME_HEIGHT = 140;

  public final ChromeDriver driver;
  private final Path profile;

  private Browser(ChromeDriver driver, Path profile) {
    this.driver = driver;
    this.profile = profile;
  }

  public static Browser start() {
    if (!Files.isExecutable(CHROMIUM) || !Files.isExecutable(CHROMEDRIVER)) {
      throw new IllegalStateException("Browser tests need " + CHROMIUM + " and " + CHROMEDRIVER
          + " (Debian packages chromium and chromium-driver; .ci/run installs them)");
    }
    try {
      Path profile = Files.createTempDirectory("vouch-chromium-");
      ChromeOptions options = new ChromeOptions().setBinary(CHROMIUM.toFile()).addArguments(
          "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
          "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
          "--window-size=1100,1000", "--hide-scrollbars", "--user-data-dir=" + profile);
      ChromeDriverService service = new ChromeDriverService.Builder()
          .usingDriverExecutable(CHROMEDRIVER.toFile()).usingAnyFreePort().build();
      ChromeDriver driver = new ChromeDriver(service, options);
      driver.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(120));
      return new Browser(driver, profile);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Saves a PNG of the current page, cut below its footer, as {@code name}.png. */
  public Path screenshot(String name) {
    try {
      // The footer is hidden in print: measure the main content then.
      Rectangle footer = driver.findElement(By.tagName(
          driver.findElement(By.tagName("footer")).isDisplayed() ? "footer" : "main")).getRect();
      Dimension window = driver.manage().window().getSize();
      driver.manage().window().setSize(new Dimension(window.getWidth(), footer.getY() + footer.getHeight() + 16 + CHROME_HEIGHT));
      Files.createDirectories(SHOTS);
      Path out = SHOTS.resolve(name + ".png");
      Files.write(out, ((TakesScreenshot) driver).getScreenshotAs(OutputType.BYTES));
      driver.manage().window().setSize(window);
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() {
    try {
      driver.quit();
    } finally {
      deleteQuietly(profile.toFile());
    }
  }

  private static void deleteQuietly(File f) {
    File[] children = f.listFiles();
    if (children != null) {
      for (File c : children) {
        deleteQuietly(c);
      }
    }
    f.delete();
  }
}
