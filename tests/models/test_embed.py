"""The real bundled embedder (multilingual-e5-small, 4-bit ONNX): shape, norm, meaning, batching."""
from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from support import need

from app.models import bundle
from app.models.bundle import ModelError

pytestmark = pytest.mark.slow

LONG = ("Il gatto dorme sul divano mentre fuori piove e il vento soffia forte tra gli alberi "
        "del giardino; domani, se smette, andremo al mercato a comprare frutta e verdura. ") * 12


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    with pytest.MonkeyPatch.context() as mp:
        path = tmp_path_factory.mktemp("home")
        mp.setenv("METNOS_HOME", str(path))
        yield path


@pytest.fixture(scope="module")
def embedder(home: Path):  # noqa: ANN201
    from app.models.embed import Embedder
    try:
        bundle.embedder_path("bundled")
    except ModelError as e:
        need(f"bundled embedder not installed ({e})")
    return Embedder(threads=1)


def cos(a: np.ndarray, b: np.ndarray) -> float:
    return float(a @ b / (np.linalg.norm(a) * np.linalg.norm(b)))


def test_shape_dtype_and_norm(embedder) -> None:  # noqa: ANN001
    v = embedder.embed(["che ore sono", "dimmi l'ora", "cancella il file a.txt"])
    assert v.shape == (3, 384) and v.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(v, axis=1), 1.0, atol=1e-5)
    assert embedder.dim == 384
    one = embedder.embed_one("che ore sono")
    assert one.shape == (384,)
    np.testing.assert_allclose(one, v[0], atol=1e-6)


def test_empty_and_wrong_input(embedder) -> None:  # noqa: ANN001
    assert embedder.embed([]).shape == (0, 384)
    with pytest.raises(TypeError):
        embedder.embed("a single string")


def test_paraphrase_closer_than_unrelated(embedder) -> None:  # noqa: ANN001
    time_it, time_it2, time_en, delete, weather = embedder.embed(
        ["che ore sono", "dimmi l'ora", "what time is it", "cancella il file a.txt", "che tempo fa a Roma domani"])
    assert cos(time_it, time_it2) > 0.85
    assert cos(time_it, time_it2) > cos(time_it, delete) + 0.05
    assert cos(time_it, time_en) > cos(time_it, delete)
    assert cos(time_it2, time_en) > cos(time_it2, weather)


def test_batch_invariance(embedder) -> None:  # noqa: ANN001
    texts = ["che ore sono", "turn up the volume", "ricordami di chiamare mamma"]
    alone = [embedder.embed_one(t) for t in texts]
    batched = embedder.embed([LONG, *texts])        # padded to the long text's length
    for a, b in zip(alone, batched[1:]):
        assert cos(a, b) >= 0.9999


def test_missing_folder_names_the_fix(home: Path, tmp_path: Path) -> None:
    from app.models.embed import Embedder
    with pytest.raises(ModelError, match="`metnos models install`"):
        Embedder(tmp_path / "nothing-here")


def test_get_embedder_is_one_shared_instance(embedder) -> None:  # noqa: ANN001
    from app.models.embed import get_embedder
    got: list[object] = []
    threads = [threading.Thread(target=lambda: got.append(get_embedder("bundled", 1))) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(got) == 4 and all(g is got[0] for g in got)
    assert get_embedder() is got[0]
    assert np.isclose(cos(get_embedder().embed_one("dimmi l'ora"), embedder.embed_one("dimmi l'ora")), 1.0, atol=1e-6)
