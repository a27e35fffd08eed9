package dev.vouch.config;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.regex.Pattern;

/**
 * One screening list of {@code models.flaggedAddresses}. A plain string item is one address of the
 * inline list {@code CONFIG} (the form this setting had before lists had sources).
 *
 * @param name upper-case list name; reason codes name the list with it (FLAGGED_COUNTERPARTY_OFAC_SDN)
 * @param type csv (address,label rows), ofac_sdn (the OFAC SDN XML, "Digital Currency Address - ETH" ids)
 *     or labels (address,chain,category,name,source rows: a label list, docs/models.md "Label lists")
 * @param path a local file, or
 * @param url an http(s) URL fetched as configured (redirects are not followed)
 * @param address the address of an inline item
 */
public record ScreeningSource(String name, Type type, String path, String url, String address) {

  public enum Type { csv, ofac_sdn, labels, inline }

  public static final String INLINE_LIST = "CONFIG";
  private static final Pattern NAME = Pattern.compile("[A-Z][A-Z0-9_]{1,31}");

  @JsonCreator
  public ScreeningSource(@JsonProperty("name") String name, @JsonProperty("type") Type type,
      @JsonProperty("path") String path, @JsonProperty("url") String url) {
    this(name, type, path, url, null);
  }

  @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
  public static ScreeningSource inline(String address) {
    return new ScreeningSource(INLINE_LIST, Type.inline, null, null, address);
  }

  /** Where the list is read from, for logs (a URL's query string is left out). */
  public String location() {
    if (type == Type.inline) {
      return "configuration";
    }
    if (path != null && !path.isBlank()) {
      return path;
    }
    int q = url.indexOf('?');
    return q < 0 ? url : url.substring(0, q);
  }

  void validate() {
    if (name == null || !NAME.matcher(name).matches()) {
      throw new IllegalArgumentException("models.flaggedAddresses: list name " + name
          + " must be 2-32 of A-Z, 0-9 and _ starting with a letter");
    }
    if (type == null) {
      throw new IllegalArgumentException("models.flaggedAddresses " + name + ": type must be csv, ofac_sdn or labels");
    }
    if (type == Type.inline) {
      if (address == null || !address.matches("0x[0-9a-fA-F]{40}")) {
        throw new IllegalArgumentException("models.flaggedAddresses: " + address + " is not a 0x address");
      }
      return;
    }
    boolean hasPath = path != null && !path.isBlank();
    boolean hasUrl = url != null && !url.isBlank();
    if (hasPath == hasUrl) {
      throw new IllegalArgumentException("models.flaggedAddresses " + name + ": set exactly one of path and url");
    }
    if (hasUrl && !url.startsWith("https://") && !url.startsWith("http://")) {
      throw new IllegalArgumentException("models.flaggedAddresses " + name + ": url must be http(s)");
    }
  }
}
