package dev.vouch.chain.model;

/** The outcome of one chain of the catalogue for one indexing run; mode is the configured one. */
public record ChainRead(long chainId, String chain, String mode, ChainOutcome outcome) {}
