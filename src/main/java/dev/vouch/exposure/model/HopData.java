package dev.vouch.exposure.model;

import java.util.ArrayList;
import java.util.List;

/**
 * What the store read of the wallet's intermediaries, level by level.
 *
 * @param labelled each fetched intermediary's flows with labelled addresses
 * @param links each expanded intermediary's valued (registered stablecoin) flows with indexed
 *     wallets: the steps a path may take further
 * @param totals each indexed address met (a counterparty of the wallet, or a link's other end):
 *     its counterparty count, and its valued totals once its own rows were fetched
 */
public record HopData(List<HopFlow> labelled, List<HopFlow> links, List<ExposureModel.ViaTotals> totals) {

  public static final HopData EMPTY = new HopData(List.of(), List.of(), List.of());

  public HopData {
    labelled = List.copyOf(labelled);
    links = List.copyOf(links);
    totals = List.copyOf(totals);
  }

  public HopData plus(HopData o) {
    List<HopFlow> l = new ArrayList<>(labelled);
    l.addAll(o.labelled);
    List<HopFlow> k = new ArrayList<>(links);
    k.addAll(o.links);
    List<ExposureModel.ViaTotals> t = new ArrayList<>(totals);
    t.addAll(o.totals);
    return new HopData(l, k, t);
  }
}
