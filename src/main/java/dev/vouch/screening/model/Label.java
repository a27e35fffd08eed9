package dev.vouch.screening.model;

/**
 * One labelled address of a label list (or a sanctions list, as category sanctioned).
 *
 * @param address lower-case 0x address
 * @param chainId the chain the label holds on; null on every chain
 * @param name who the address belongs to (e.g. "Tornado Cash: Router")
 * @param source the list it came from
 */
public record Label(String address, Long chainId, Category category, String name, String source) {

  public boolean appliesTo(long chain) {
    return chainId == null || chainId == chain;
  }
}
