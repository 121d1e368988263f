"""The turn loop (no Qt)."""
from .cancel import CancelToken, Cancelled
from .events import Event, Step, Turn

__all__ = ["CancelToken", "Cancelled", "Event", "Step", "Turn"]
