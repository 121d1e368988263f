"""Where the bundled instruct model (Qwen2.5-Coder-1.5B-Instruct, Q4_K_M) is, for the tests that need a writer."""
from __future__ import annotations

from pathlib import Path

from support import need

INSTRUCT_FILE = "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf"


def instruct_model_path() -> Path:
    """The instruct GGUF in the bundle folder; a missing file fails the run under REQUIRE_MODELS=1."""
    from app.models.bundle import models_dir

    path = models_dir() / INSTRUCT_FILE
    if not path.is_file():
        need(f"the bundled instruct model is not installed ({path}); run `metnos models install`")
    return path
