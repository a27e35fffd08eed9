package dev.vouch.decision.model;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Coverage of one chain in a committed snapshot. {@code transient} is a Java keyword, hence the
 * trailing underscore and the wire name annotation.
 *
 * @param historyCapped null where not applicable (aggregate evidence)
 * @param recencyReliable null where not applicable
 */
public record ChainCoverage(
    String chain,
    CoverageStatus status,
    @JsonProperty("transient") boolean transient_,
    boolean standing,
    Boolean historyCapped,
    Boolean recencyReliable) {}
