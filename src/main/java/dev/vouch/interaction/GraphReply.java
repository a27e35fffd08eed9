package dev.vouch.interaction;

import dev.vouch.interaction.model.InteractionGraph;

/**
 * The page, or cursorExpired when the cursor's snapshot is no longer kept (retention).
 *
 * @param rendered the kept first page's answer bytes (GraphPageCache), or null: the edge sends
 *     them when set and sets them after encoding {@code data} otherwise
 */
public record GraphReply(InteractionGraph.Data data, boolean cursorExpired, GraphPageCache.Rendered rendered) {

  public GraphReply(InteractionGraph.Data data, boolean cursorExpired) {
    this(data, cursorExpired, null);
  }
}
