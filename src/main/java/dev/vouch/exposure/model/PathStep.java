package dev.vouch.exposure.model;

import java.math.BigDecimal;

/**
 * One step of an indirect evidence item's path, from the wallet outward: the transfers in the
 * item's direction between the previous address (the wallet for the first step) and
 * {@code address}, over every chain and asset of that pair.
 *
 * @param usd their USD value (registered stablecoins); zero when none was valued
 */
public record PathStep(String address, int transfers, BigDecimal usd) {}
