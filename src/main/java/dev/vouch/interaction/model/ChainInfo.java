package dev.vouch.interaction.model;

/** What the graph needs of one catalogue chain: its name, native symbol and explorer template. */
public record ChainInfo(long chainId, String name, String symbol, String explorerTemplate) {

  /** Null when the catalogue entry has no explorer template. */
  public String explorerUrl(String address) {
    return explorerTemplate == null || explorerTemplate.isBlank() ? null : explorerTemplate.replace("{address}", address);
  }
}
