package dev.vouch.exposure.model;

import java.math.BigDecimal;

/**
 * Indirect sanctioned exposure at one hop count: the larger of its shares in and out.
 *
 * @param share null when neither direction has valued flow
 */
public record HopShare(int hops, BigDecimal share) {}
