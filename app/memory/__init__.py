"""Memory: short-term compaction, turn state, encrypted long-term memory, scratchpad."""
