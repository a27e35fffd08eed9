package dev.vouch.score.model;

import com.fasterxml.jackson.annotation.JsonInclude;
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
 * @param tokensCapped the chain's token read stopped at a cap and kept only the newest registered
 *     transfers (issue 35: older payments may be missing); null when the chain read no tokens
 * @param zeroValueTokenTransfers registered-token transfers of value 0 the read dropped (issue 33
 *     item 4), shown so nothing is hidden; null when the chain read no tokens or predates the count
 */
public record ChainCoverage(
    String chain,
    CoverageStatus status,
    @JsonProperty("transient") boolean transient_,
    boolean standing,
    Boolean historyCapped,
    Boolean recencyReliable,
    String source,
    List<String> fallbackFrom,
    // Read from the stored coverage text for the decision's warning; not part of the API's coverage block.
    @JsonProperty(access = JsonProperty.Access.WRITE_ONLY) Boolean tokensCapped,
    @JsonInclude(JsonInclude.Include.NON_NULL) Long zeroValueTokenTransfers) {

  public ChainCoverage {
    fallbackFrom = fallbackFrom == null ? List.of() : List.copyOf(fallbackFrom);
  }

  /** Coverage without a token read. */
  public ChainCoverage(String chain, CoverageStatus status, boolean transient_, boolean standing,
      Boolean historyCapped, Boolean recencyReliable, String source, List<String> fallbackFrom) {
    this(chain, status, transient_, standing, historyCapped, recencyReliable, source, fallbackFrom, null, null);
  }

  /** Coverage whose source is not recorded. */
  public ChainCoverage(String chain, CoverageStatus status, boolean transient_, boolean standing,
      Boolean historyCapped, Boolean recencyReliable) {
    this(chain, status, transient_, standing, historyCapped, recencyReliable, null, List.of());
  }
}
