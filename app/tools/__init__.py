"""Executors and their registry."""
from .registry import Registry, Risk, Tool, ToolContext, ToolError, validate_args

__all__ = ["Registry", "Risk", "Tool", "ToolContext", "ToolError", "validate_args"]
