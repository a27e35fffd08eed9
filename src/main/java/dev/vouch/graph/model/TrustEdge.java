package dev.vouch.graph.model;

import java.time.Instant;

/**
 * One verified, accepted attestation seen from the wallet being read.
 *
 * @param peer the other wallet
 * @param acceptedAt when the counterparty accepted it (the edge exists from then on)
 * @param outgoing true when the wallet being read made the attestation
 */
public record TrustEdge(String peer, Instant acceptedAt, boolean outgoing) {}
