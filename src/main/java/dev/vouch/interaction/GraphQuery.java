package dev.vouch.interaction;

import dev.vouch.interaction.model.Cursors;
import dev.vouch.interaction.model.GraphOrder;

/**
 * GET /api/v1/interaction-graph/{wallet}, validated at the edge: lowercase wallet, order, page size
 * 1..50, and the decoded cursor (null on a first page).
 */
public record GraphQuery(String wallet, GraphOrder order, int limit, Cursors.Cursor cursor) {}
