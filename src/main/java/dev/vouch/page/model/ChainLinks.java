package dev.vouch.page.model;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * What pages need of the chain catalogue (CONTRACT 6): each chain's name, native symbol and
 * explorer address template. A transaction link is the address template with
 * {@code address/{address}} read as {@code tx/{hash}}, the path every explorer of the catalogue
 * (Etherscan's family and Blockscout) uses; a chain whose template has another shape, or none,
 * gets no links.
 */
public record ChainLinks(Map<Long, Chain> chains) {

  public static final ChainLinks NONE = new ChainLinks(Map.of());
  private static final String ADDRESS_PATH = "address/{address}";

  /** @param explorer the catalogue's address URL template, null or blank for none */
  public record Chain(long chainId, String name, String symbol, String explorer) {}

  public ChainLinks {
    chains = Map.copyOf(chains);
  }

  public static ChainLinks of(List<Chain> chains) {
    return new ChainLinks(chains.stream().collect(Collectors.toMap(Chain::chainId, Function.identity(), (a, b) -> a)));
  }

  /** The catalogue's name, or "chain 12345" for a chain it does not know. */
  public String name(long chainId) {
    Chain c = chains.get(chainId);
    return c == null ? "chain " + chainId : c.name();
  }

  /** The native coin's symbol, null when the chain is unknown. */
  public String symbol(long chainId) {
    Chain c = chains.get(chainId);
    return c == null ? null : c.symbol();
  }

  /** The explorer page of a transaction; null when the chain has no explorer of a known shape. */
  public String txUrl(long chainId, String hash) {
    String template = template(chainId);
    return template == null || !template.contains(ADDRESS_PATH) ? null : template.replace(ADDRESS_PATH, "tx/" + hash);
  }

  /** The explorer page of an address; null when the chain has no explorer. */
  public String addressUrl(long chainId, String address) {
    String template = template(chainId);
    return template == null ? null : template.replace("{address}", address);
  }

  private String template(long chainId) {
    Chain c = chains.get(chainId);
    return c == null || c.explorer() == null || c.explorer().isBlank() ? null : c.explorer();
  }
}
