"""Real extra tools for the surface tests: with the app's own tools they make a ~37-tool catalog.

They live in app/planner/bench_tools.py because `metnos bench planner` measures the same catalog.
"""
from app.bench.tool_catalog import EXTRA_TOOLS

__all__ = ["EXTRA_TOOLS"]
