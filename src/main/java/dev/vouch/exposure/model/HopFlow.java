package dev.vouch.exposure.model;

/**
 * A flow one hop further: between {@code via}, a counterparty of the wallet that Vouch has
 * indexed, and one of via's own counterparties, from via's latest committed snapshot.
 */
public record HopFlow(String via, Flow flow) {}
