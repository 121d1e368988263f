"""The bundled instruct model for the few selection tests that run the real writer (loaded once per session)."""
from __future__ import annotations

from typing import Any, Iterator

import pytest


@pytest.fixture(scope="session")
def writer() -> Iterator[Any]:
    from instruct_model import instruct_model_path

    from app.models.llm import LlamaBackend

    backend = LlamaBackend(instruct_model_path(), n_ctx=2048, threads=0, chat_format="auto")
    yield backend
    backend.close()
