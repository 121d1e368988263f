"""The orchestrator: one Engine runs a turn through routing, the planner and the tools (no Qt)."""
