"""The log-likelihood of each option after a prompt, all options in one llama.cpp batch.

Why: the planner asks the model for every decision (app/planner/vote.py) by scoring each option — the
tool names and `answer` — after the decision prompt. Scored one option token at a time, a decision of five
options cost ~5 single-token decodes at the end of a 2,500-token prompt (~80 ms each on 2 cores): 0.4–0.5 s
of every decision. Here every option lives in its own KV sequence that shares the prompt's cells
(`llama_memory_seq_cp` on a unified cache only adds a sequence id to them), options that start alike share
the evaluation of their common tokens (a trie), and all of it is one decode. The scores are the same
quantity (float noise of a different batch size, ~0.05 nats).

The logits of the prompt's last token are taken as they are when the cache already holds exactly the
prompt with live logits — the planner primes every decision with a one-token completion of the same prompt
(planner._prime), after which llama-cpp-python keeps those logits — instead of decoding that token again.

The context must have been created with room for the extra sequences (`SEQUENCES`, llm.py `_load`);
otherwise, or when the options do not fit one batch, the options are scored one token at a time as before.
"""
from __future__ import annotations

from typing import Any, Sequence

import numpy as np

# Sequences of the context: 0 holds the conversation, the others are one option each during a scoring.
SEQUENCES = 16


def log_prob(logits: np.ndarray, token: int) -> float:
    """log softmax(logits)[token], computed stably."""
    m = float(logits.max())
    return float(logits[token]) - (m + float(np.log(np.exp(logits - m).sum())))


def holds_live(llm: Any, tokens: Sequence[int]) -> bool:
    """Does the cache hold exactly `tokens`, with the logits of the last one still live (not restored)?"""
    n = len(tokens)
    return (llm.n_tokens == n and not getattr(llm, "_requires_eval", True)
            and list(llm._input_ids[:n]) == list(tokens))


def batch_capacity(llm: Any) -> int:
    """How many options with more than one token one batch can score (0: this context has one sequence)."""
    import llama_cpp

    return max(0, int(llama_cpp.llama_n_seq_max(llm._ctx.ctx)) - 1)


def score(llm: Any, base: np.ndarray, n_prompt: int, options: Sequence[Sequence[int]]) -> list[float] | None:
    """Mean log-prob of each tokenized option after the prompt the cache holds (its last logits: `base`).
    None when the context or the batch cannot take them at once (the caller scores them one by one).
    The cache is left holding the prompt only; its logits are no longer the prompt's (`_requires_eval`)."""
    import llama_cpp

    long = [i for i, ot in enumerate(options) if len(ot) > 1]
    nodes: dict[tuple[int, ...], list[int]] = {}  # an option's prefix -> the sequences (options) through it
    for i in long:
        ot = options[i]
        for j in range(1, len(ot)):
            nodes.setdefault(tuple(ot[:j]), []).append(i + 1)
    if len(long) > batch_capacity(llm) or len(nodes) > int(llm.n_batch) or \
            n_prompt + max((len(o) for o in options), default=0) >= int(llm.n_ctx()):
        return None
    ctx = llm._ctx.ctx
    mem = llama_cpp.llama_get_memory(ctx)
    row: dict[tuple[int, ...], int] = {}
    try:
        if nodes:
            for i in long:
                llama_cpp.llama_memory_seq_cp(mem, 0, i + 1, -1, -1)
            b = llm._batch.batch
            for k, (prefix, seqs) in enumerate(nodes.items()):
                b.token[k] = prefix[-1]
                b.pos[k] = n_prompt + len(prefix) - 1
                b.n_seq_id[k] = len(seqs)
                for s, seq in enumerate(seqs):
                    b.seq_id[k][s] = seq
                b.logits[k] = True
                row[prefix] = k
            b.n_tokens = len(nodes)
            rc = llama_cpp.llama_decode(ctx, b)
            if rc != 0:
                raise RuntimeError(f"llama_decode returned {rc} while scoring options")
        n_vocab = int(llm.n_vocab())
        out = []
        for ot in options:
            total = 0.0
            for j, t in enumerate(ot):
                logits = base if j == 0 else np.ctypeslib.as_array(
                    llama_cpp.llama_get_logits_ith(ctx, row[tuple(ot[:j])]), shape=(n_vocab,))
                total += log_prob(logits, t)
            out.append(total / max(1, len(ot)))
        return out
    finally:
        for i in long:
            llama_cpp.llama_memory_seq_rm(mem, i + 1, -1, -1)
        llm.n_tokens = n_prompt
        if nodes:
            llm._requires_eval = True  # the last logits are an option's now
