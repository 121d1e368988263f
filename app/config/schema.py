"""Every setting declared once: section, key, type, default, meaning.

The default runtime.toml, validation, env overrides and `metnos config show`
are all derived from this table, so a key cannot drift between them.
"""
from __future__ import annotations

import builtins
from dataclasses import dataclass, field
from typing import Any, Callable

Validator = Callable[[Any], str | None]  # returns an error text or None


@dataclass(frozen=True)
class Setting:
    section: str
    key: str
    type: builtins.type | tuple[builtins.type, ...]
    default: Any
    doc: str
    check: Validator | None = None
    choices: tuple[str, ...] = ()
    item_type: builtins.type | None = None  # for lists (`type` here would name the field above)

    @property
    def dotted(self) -> str:
        return f"{self.section}.{self.key}"

    @property
    def env_name(self) -> str:
        return f"METNOS_{self.section.upper()}_{self.key.upper()}"


def unit_interval(v: Any) -> str | None:
    return None if 0.0 <= float(v) <= 1.0 else "expected a number in 0..1"


def positive(v: Any) -> str | None:
    return None if v > 0 else "expected a number greater than 0"


def non_negative(v: Any) -> str | None:
    return None if v >= 0 else "expected a number ≥ 0"


@dataclass(frozen=True)
class Section:
    name: str
    doc: str
    settings: list[Setting] = field(default_factory=list)


def _s(section: str, key: str, typ: Any, default: Any, doc: str, **kw: Any) -> Setting:
    return Setting(section, key, typ, default, doc, **kw)


SECTIONS: list[Section] = [
    Section("fast_path", "L0/L1: answer known single-tool requests without the planner.", [
        _s("fast_path", "l0_enabled", bool, True, "Closed phrase table (time, date, ...): exact match after normalisation."),
        _s("fast_path", "canonical_query_enabled", bool, True, "L1: semantic match of known single-tool requests."),
        _s("fast_path", "canonical_query_min_uses", int, 3, "Times a request must have been seen before L1 may serve it.", check=positive),
        _s("fast_path", "canonical_query_threshold", float, 0.82,
           "Cosine needed for an L1 hit. 0.82 is calibrated for the bundled multilingual-e5-small together with "
           "the action, object, topic and argument guards, on the tune half of the generalization set (0 wrong "
           "hits from 0.78 up; paraphrase recall flat from 0.82 down, 1.5 points lower at 0.85). Left at this "
           "default with embed.model = 'embeddinggemma', that embedder's own calibrated value (0.55) is used.",
           check=unit_interval),
        _s("fast_path", "canonical_query_args_llm", bool, False, "Ask the LLM for arguments the rules cannot read (cached on disk)."),
    ]),
    Section("multi_tool_fast_path", "L2: replay memoized multi-tool pipelines.", [
        _s("multi_tool_fast_path", "enabled", bool, False, "Replay known pipelines without the planner."),
        _s("multi_tool_fast_path", "chain_to_planner", bool, False, "Replay a known prefix, then hand the rest of a multi-verb request to the planner."),
        _s("multi_tool_fast_path", "threshold", float, 0.83,
           "Cosine needed for an L2 hit; every placeholder must also resolve and the guards agree on each step "
           "(calibrated for multilingual-e5-small).", check=unit_interval),
        _s("multi_tool_fast_path", "min_uses", int, 3, "Identical runs before a pipeline becomes a candidate.", check=positive),
        _s("multi_tool_fast_path", "ttl_active_days", int, 30, "Forget a pipeline unused for this many *active* days.", check=positive),
        _s("multi_tool_fast_path", "k_synth", int, 50, "Uses after which a pipeline becomes a synthesis candidate.", check=positive),
    ]),
    Section("llm", "The planner model.", [
        _s("llm", "backend", str, "llama_cpp", "llama_cpp (local GGUF) or openai (an OpenAI-compatible server).",
           choices=("llama_cpp", "openai")),
        _s("llm", "model", str, "bundled",
           "'bundled' for the shipped instruct model (Qwen2.5-Coder-1.5B-Instruct; the lite model instead on a "
           "computer with less than 6 GB of RAM), 'bundled-lite' for the shipped Gemma 3 270M, or a path to any "
           "GGUF file. For a server, set backend = \"openai\"."),
        _s("llm", "chat_format", str, "auto", "auto (read from the GGUF, Gemma turns when absent), gemma, chatml, llama-2...", ),
        _s("llm", "n_ctx", int, 6144, "Context window in tokens (the whole tool catalog is part of the cached prefix when it fits in half).", check=positive),
        _s("llm", "threads", int, 0, "CPU threads; 0 means one per physical core.", check=non_negative),
        _s("llm", "keep_alive_minutes", float, 10.0,
           "Release the local model from memory after this many minutes without a planner turn; it is loaded "
           "again (about a second) on the next one. 0 = keep it loaded while the app runs.",
           check=lambda v: None if v >= 0 else "expected minutes ≥ 0 (0 keeps the model loaded)"),
        _s("llm", "max_steps", int, 6, "Most tool steps the planner takes in one turn.", check=positive),
        _s("llm", "tool_top_k", int, 4, "Tools shown to the planner per request (small models need few; 0 = all).", check=non_negative),
        _s("llm", "max_answer_tokens", int, 256, "Longest final answer.", check=positive),
        _s("llm", "choice_weight", float, -1.0, "Weight of the model's own preference in the planner's tool choice, 0..1 (the rest is the request's structure); -1 = by model size: 0.15 for the bundled 270M, up to 0.8 for 6B+ or a server.", check=lambda v: None if v == -1 or 0.0 <= v <= 1.0 else "expected -1 (auto) or a number in 0..1"),
        _s("llm", "base_url", str, "http://127.0.0.1:8080/v1", "For backend = openai: the server's /v1 URL. The API key lives in the OS keyring."),
        _s("llm", "remote_model", str, "", "For backend = openai: the model name the server expects."),
        _s("llm", "timeout_s", float, 60.0, "For backend = openai: seconds before a request is given up.", check=positive),
        _s("llm", "retries", int, 2, "For backend = openai: retries on a dropped connection.", check=non_negative),
        _s("llm", "prefix_cache", bool, True, "Keep the KV state of the system + tools prefix on disk across restarts."),
    ]),
    Section("embed", "The embedding model used by the fast path, tool retrieval and memory search.", [
        _s("embed", "model", str, "bundled", "'bundled' (the default: multilingual-e5-small, 4-bit), 'e5-small', 'embeddinggemma' "
           "(EmbeddingGemma-300M int8: better at telling requests apart, ~3x slower per call), or a fastembed ONNX "
           "folder. Switching re-embeds what the fast path and the memory remember."),
        _s("embed", "threads", int, 1, "onnxruntime threads.", check=positive),
    ]),
    Section("scratchpad", "Big tool outputs kept aside; the model sees a summary and reads slices.", [
        _s("scratchpad", "threshold_bytes", int, 4096, "Observations whose JSON is larger are offloaded.", check=positive),
        _s("scratchpad", "ttl_seconds", int, 3600, "How long an offloaded observation is kept.", check=positive),
        _s("scratchpad", "full_read_cap_bytes", int, 8192, "Largest row scratchpad_read mode=full returns.", check=positive),
        _s("scratchpad", "inline_chars", int, 1500, "Small observations are shown to the model truncated to this.", check=positive),
    ]),
    Section("memory", "Short-term compaction and long-term memory.", [
        _s("memory", "history_budget_tokens", int, 3000, "Compact a turn's history past this many tokens.", check=positive),
        _s("memory", "keep_recent_steps", int, 3, "Steps kept verbatim when compacting.", check=non_negative),
        _s("memory", "long_term_enabled", bool, True, "Encrypted long-term memory (key in the OS keyring)."),
        _s("memory", "inline_max_facts", int, 30, "Up to this many facts go whole into the prompt; past it, search.", check=positive),
        _s("memory", "recall_top_k", int, 5, "Facts retrieved by search when memory is large.", check=positive),
        _s("memory", "passphrase_mode", bool, False, "Opt-in: derive the key from a passphrase instead of the keyring."),
        _s("memory", "supersede_threshold", float, 0.89, "Cosine at which a new fact may replace an old one of the same "
           "category (rules then check the subject); calibrated for multilingual-e5-small.", check=unit_interval),
    ]),
    Section("history", "The conversation history (encrypted, key derived from the keyring's master key).", [
        _s("history", "keep_days", int, 0, "Forget turns older than this many days; 0 keeps everything.",
           check=non_negative),
        _s("history", "new_after_minutes", int, 30, "The quick popup starts a new conversation when nothing was asked "
           "for this many minutes (the chat window always continues the one it shows); 0 = always continue.",
           check=lambda v: None if 0 <= v <= 7 * 24 * 60 else "expected minutes from 0 (always continue) to 10080"),
    ]),
    Section("tools", "Executors and where they may act.", [
        _s("tools", "allowed_roots", list, ["~"], "Folders file tools may touch (resolved, symlinks followed).", item_type=str),
        _s("tools", "deferral", bool, True, "Resident tools + a compact index of the rest; false makes every allowed tool resident."),
        _s("tools", "resident", list, [], "Tool names always shown with full schema (empty = built-in choice).", item_type=str),
        _s("tools", "max_read_bytes", int, 5_000_000, "Largest file read_files will read.", check=positive),
        _s("tools", "web", bool, False, "Let get_urls fetch web pages (http/https). Off: nothing leaves this computer."),
        _s("tools", "web_allow_private", bool, False, "Let get_urls reach local-network and loopback addresses "
           "(for a server of your own; off protects the router and this machine)."),
        _s("tools", "web_max_bytes", int, 2_000_000, "Largest page get_urls reads; the rest is cut.", check=positive),
        _s("tools", "web_timeout_s", float, 15.0, "Seconds get_urls waits for a page.", check=positive),
    ]),
    Section("docs", "Your documents: folders Metnos indexes (encrypted, kept fresh while the app runs) to answer "
            "questions about them with the file and page.", [
        _s("docs", "folders", list, [], "Folders of documents to index and search (PDF, Word, OpenDocument, "
           "spreadsheets, presentations, HTML, text). Each must be inside tools.allowed_roots. "
           "Add one with `metnos docs add FOLDER` or in Settings.", item_type=str),
    ]),
    Section("reminders", "Reminders: how one rings, and what memory offers when you save an appointment.", [
        _s("reminders", "sound", bool, False, "Play a short sound when a reminder rings (read at each one: the change applies to the next)."),
        _s("reminders", "appointment_lead_minutes", int, 0,
           "When you save an appointment in memory with its day and time ('il dentista è giovedì alle 15'), offer a "
           "reminder this many minutes before it (60 = 'Vuoi un promemoria un'ora prima?'). 0 = no offer.",
           check=lambda v: None if 0 <= v <= 7 * 24 * 60 else "expected minutes from 0 (off) to 10080 (a week)"),
    ]),
    Section("hotkey", "Global shortcut for the quick-query popup.", [
        _s("hotkey", "enabled", bool, True, "Register the global hotkey (X11, Windows, macOS)."),
        _s("hotkey", "sequence", str, "<ctrl>+<alt>+<space>", "pynput syntax, e.g. <ctrl>+<alt>+<space>."),
        _s("hotkey", "selection_enabled", bool, True,
           "Register the second hotkey: act on the selected text (translate, summarize, explain, fix, rewrite)."),
        _s("hotkey", "selection_sequence", str, "<ctrl>+<alt>+s", "pynput syntax, e.g. <ctrl>+<alt>+s."),
        _s("hotkey", "copy_keys", str, "<ctrl>+c",
           "Keys that copy the selection where it cannot be read directly (no X11 primary selection): sent once, "
           "and the clipboard is put back afterwards. Empty: never send them."),
        _s("hotkey", "paste_keys", str, "<ctrl>+v",
           "Keys that paste, for 'Sostituisci' (the answer replaces the selection). Empty: only copy the answer."),
    ]),
    Section("ui", "Desktop app.", [
        _s("ui", "language", str, "auto", "auto (system), it or en.", choices=("auto", "it", "en")),
        _s("ui", "theme", str, "auto", "Tray icon variant: auto, light or dark.", choices=("auto", "light", "dark")),
        _s("ui", "pause_learning", bool, False, "Stop recording turns for the fast path."),
        _s("ui", "notify_after_s", float, 5.0, "Notify when a turn longer than this ends while the window is hidden.", check=non_negative),
        _s("ui", "show_details", bool, False, "Show technical details in the app: fast-path levels, scores, tool names "
           "and arguments (the \"Technical details\" switch in Settings)."),
    ]),
]

BY_DOTTED: dict[str, Setting] = {s.dotted: s for sec in SECTIONS for s in sec.settings}
