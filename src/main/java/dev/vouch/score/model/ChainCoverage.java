package dev.vouch.score.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * Coverage of one chain in a committed snapshot. {@code transient} is a Java keyword, hence the
 * trailing underscore and the wire name annotation.
 *
 * @param historyCapped null where not applicable (aggregate evidence)
 * @param recencyReliable null where not applicable
 * @param source the provider that answered: otterscan, etherscan, blockscout, or rpc (aggregate)
 * @param fallbackFrom providers that failed before it in the run, in order
 */
public record ChainCoverage(
    String chain,
    CoverageStatus status,
    @JsonProperty("transient") boolean transient_,
    boolean standing,
    Boolean historyCapped,
    Boolean recencyReliable,
    String source,
    List<String> fallbackFrom) {

  public ChainCoverage {
    fallbackFrom = fallbackFrom == null ? List.of() : List.copyOf(fallbackFrom);
  }

  /** Coverage whose source is not recorded. */
  public ChainCoverage(String chain, CoverageStatus status, boolean transient_, boolean standing,
      Boolean historyCapped, Boolean recencyReliable) {
    this(chain, status, transient_, standing, historyCapped, recencyReliable, null, List.of());
  }
}
