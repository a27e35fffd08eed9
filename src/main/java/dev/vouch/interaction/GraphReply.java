package dev.vouch.interaction;

import dev.vouch.interaction.model.InteractionGraph;

/** The page, or cursorExpired when the cursor's snapshot is no longer kept (retention). */
public record GraphReply(InteractionGraph.Data data, boolean cursorExpired) {}
