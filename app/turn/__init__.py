"""The turn vocabulary shared by every layer: cancellation, events and steps, step references, answer text.

Lowest layer but store/config: it imports nothing else from the app, so the CLI, the UI, the tests and
every engine part speak the same types.
"""
from . import messages  # noqa: F401  (registers the turn's sentences before anything speaks)
from .cancel import CancelToken, TurnCancelled
from .events import Event, Step, Turn

__all__ = ["CancelToken", "TurnCancelled", "Event", "Step", "Turn"]
