"""The L3 planner loop, built for a tiny local model and correct with a big one.

Per step: retrieve the few tools that fit the pending part of the request,
choose among them and `answer` (structure + model log-likelihood, see
choose.py), fill arguments by rules then by the model under a restricted
grammar, run the tool through `TurnContext.execute` (the only way), and show
the model the observation. The prompt only grows at the end (prompt.py), so
each step re-evaluates only its new tokens. The answer streams through a
guard that falls back to a deterministic rendering (answer.py).
"""
from __future__ import annotations

import logging
import time
from typing import Any, Sequence

from app.lang.asked import asked as answer_shape
from app.lang.asked_actions import asked_actions, asks_plainly
from app.lang.heads import INTENT_HEAD, load_head
from app.lang.messages import say
from app.lang.signature import EVENT
from app.tools.registry import Tool
from app.tools.runner import StepOutcome, TurnContext
from app.turn import events as ev

from . import answer as ans
from . import compose, veto, vote, writing
from . import prompt as pr
from . import turn_inputs as parts
from .addition import addition_args
from .anchor import anchor_bare_paths
from .choose import (
    ANSWER,
    Choice,
    Situation,
    model_weight,
    pick,
    rank_candidates,
    read_paths,
    structural_scores,
)
from .evidence import analyze, plain
from .fill import ArgsError, missing_required, model_args, rule_args, shown_args
from .folder_read import as_listing
from .head_vote import head_asks, head_prior, head_shown
from .live import live_probability
from .overrule import overrule
from .referent import NoReferent, no_referent, unnamed_object
from .run_state import Decision, Plan, PlanTurn, RunInfo, clause_vectors, head_reading
from .stats import PlannerStats, StepStats, from_completion
from .surface import ToolIndex, content_words

log = logging.getLogger(__name__)


class Planner:
    def __init__(self, services: Any = None):
        self.services = services
        self.last = RunInfo()
        self._index: tuple[tuple[Any, ...], ToolIndex] | None = None

    def index(self, tools: Sequence[Tool], embedder: Any) -> ToolIndex:
        key = (id(embedder), tuple((t.name, t.description, t.examples) for t in tools))
        if self._index is None or self._index[0] != key:
            self._index = (key, ToolIndex(tools, embedder))
        return self._index[1]

    # -- the loop ------------------------------------------------------------------------
    def run(self, ctx: TurnContext, history: list[tuple[str, str]] | None = None) -> str:
        """Plan and act until the request is answered; returns the answer (also streamed as Token events)."""
        t = self._setup(ctx, history)
        if t is None:
            return ""
        max_steps = int(ctx.config.llm.max_steps)
        while True:
            ctx.cancel.check()
            if len(ctx.turn.steps) >= max_steps:
                ctx.emit(ev.Progress(ctx.turn_id, ctx.next_step, what=f"step limit reached ({max_steps})"))
                break
            try:
                call = self._next_call(t)
            except NoReferent as e:
                return writing.finish(ctx, t.info, e.question(ctx.lang), None)
            except ArgsError as e:
                tool = ctx.registry.get(e.tool) if e.tool else None
                return writing.finish(ctx, t.info, ans.missing_args_text(t.text, e.tool or "the tool", e,
                                                                         tool.required if tool else ()), None)
            if call is None:
                break
            self._act(t, call)
        return writing.answer(t.ctx, t.llm, t.info, t.text, t.weight, t.history, self._prime)

    def decide(self, ctx: TurnContext, history: list[tuple[str, str]] | None = None) -> Decision | None:
        """The first decision and its arguments, without running anything (tests, bench, route explain)."""
        t = self._setup(ctx, history)
        if t is None:
            return None
        try:
            call = self._next_call(t)
        except NoReferent:
            return Decision(ANSWER, {}, {}, t.info.choices[-1], error="no referent")
        except ArgsError as e:
            return Decision(t.info.choices[-1].name, {}, {}, t.info.choices[-1], error=str(e))
        if call is None:
            return Decision(ANSWER, {}, {}, t.info.choices[-1])
        return call

    def prompt_for(self, ctx: TurnContext, history: list[tuple[str, str]] | None = None) -> pr.PromptState | None:
        """The prompt the first decision would be made on, nothing run (`metnos context --explain`)."""
        t = self._setup(ctx, history)
        return None if t is None else t.ps

    # -- turn state ------------------------------------------------------------------------
    def _setup(self, ctx: TurnContext, history: list[tuple[str, str]] | None) -> PlanTurn | None:
        info = self.last = RunInfo()
        text = ctx.turn.text if isinstance(ctx.turn.text, str) else str(ctx.turn.text)
        if not text.strip():
            ctx.emit(ev.Error(ctx.turn_id, ctx.next_step, message=say("planner.empty_request", ctx.lang),
                              hint=say("planner.empty_hint", ctx.lang)))
            return None
        cfg = ctx.config
        llm = parts.llm_or_none(ctx, self.services)
        info.weight = weight = model_weight(llm, float(getattr(cfg.llm, "choice_weight", -1.0)))
        evd = veto.asking_only(analyze(text))
        tools = {x.name: x for x in ctx.registry}  # iterating a surface's registry loads nothing
        idx = self.index(list(tools.values()), parts.embedder_or_none(ctx, self.services))
        vecs, head_vecs = clause_vectors(idx, evd, text)
        info.live = live_probability(idx.embedder, head_vecs)
        t = PlanTurn(ctx, text, llm, weight, evd, idx, vecs, info,
                     Situation(has_content_source=bool(evd.quoted or evd.inline)), tools=tools,
                     surface=parts.tool_surface(ctx), history=parts.trim_history(history),
                     asked_all=asked_actions(text),
                     head=load_head(INTENT_HEAD, str(getattr(idx.embedder, "ident", ""))) if vecs is not None else None,
                     head_vecs=head_vecs)
        t.clause_i = self._consume_existing(t)
        t.plan = self._plan(t)
        task = parts.task_text(ctx, llm, text)
        resident, index_text, line = parts.resident_block(t.surface, ctx.registry, cfg)
        shown = self._shown(t, t.plan.candidates, {x.name for x in resident})
        t.ps = pr.start(resident, task, memory=parts.call_text(ctx, "memory_block", text), tools=shown,
                        history=parts.trim_history(history), state=parts.state_text(ctx), index_text=index_text,
                        line=line)
        info.prefix = parts.warm_prefix(ctx, llm, t.ps)
        inline = int(cfg.scratchpad.inline_chars)
        for s in list(ctx.turn.steps):  # steps replayed by the fast path before the planner was called
            t.ps.add("assistant", f"{pr.DECISION_PREFIX} {s.tool}\nArgs: {shown_args(s.args)}")
            t.ps.add("user", pr.observation_text(s.num, s.tool, pr.shortened(s.result, inline)))
        return t

    def _shown(self, t: PlanTurn, names: Sequence[str], already: set[str]) -> list[Tool]:
        """Tools about to be shown with their schema; on a deferral surface, loading is recorded with why."""
        out = []
        for n in names:
            tool = t.tools.get(n)
            if tool is None or n in already:
                continue
            if t.surface is not None:
                clause = t.evd.clause(t.clause_i)
                t.surface.load(n, f"planner retrieval: {(clause.text if clause else t.text)[:60]}")
            out.append(tool)
        return out

    def _next_call(self, t: PlanTurn) -> Decision | None:
        """Decide the next step; None means answer. Raises ArgsError when arguments cannot be had."""
        ctx = t.ctx
        if not ctx.turn.steps and answer_shape(t.text).social == "told":
            # "ho già letto X, grazie": nothing to do (not X read out again), an acknowledgement; recorded as the
            # turn's choice like any other, so `decide` and the details view have one to show
            t.info.choices.append(Choice(ANSWER, {ANSWER: 1.0}, {ANSWER: 1.0}, why="an account: nothing asked"))
            return None
        parts.fit_context(ctx, t.llm, t.ps, t.weight)
        choice = self._decide(t)
        t.info.choices.append(choice)
        if choice.name == ANSWER:
            if (which := unnamed_object(t)) is not None:
                raise NoReferent(which)  # "read that one out to me": an action asked, its object never said
            return None
        clause = t.evd.clause(t.clause_i)
        if choice.name == "describe_entries" and compose.writes(t.llm, t.weight) and \
                compose.writes_instead(t.text, ctx.turn.steps, clause.paths if clause is not None else ()):
            return None  # the writer summarizes what was read, streamed, from an excerpt
        tool = t.tools.get(choice.name)
        if tool is None:  # only reachable through a model that names a tool freely
            log.info("the model named a tool that does not exist: %s", choice.name)
            ctx.emit(ev.Error(ctx.turn_id, ctx.next_step, message=say("planner.unknown_tool", ctx.lang),
                              hint=say("planner.unknown_tool_hint", ctx.lang)))
            return None
        args, sources = rule_args(tool, clause, t.evd, ctx.turn.steps,
                                  scratchpad_id=t.last_sid, free_text_by_rules=t.weight < 0.5)
        if no_referent(tool, args, t.evd, t.sit.steps_done, t.history):
            asked = asked_actions(clause.text if clause is not None else t.text)
            if veto.tool_actions(tool, t.idx.affinity_by_name().get(tool.name)) & asked:
                raise NoReferent(tool.name)  # "aprilo": the action is asked, its object is not said
            return None  # a file tool nothing asks for and nothing to act on: the request wants an answer
        try:
            args, sources = anchor_bare_paths(tool, *self._model_args(ctx, t.llm, t.ps, tool, args, sources), t.evd)
            args, sources = addition_args(args, sources, ctx.turn.steps,
                                          lambda a, s: self._model_args(ctx, t.llm, t.ps, tool, a, s))
        except ArgsError as e:
            log.info("arguments of %s not filled: %s", tool.name, e)  # the tool and the raw error: the log's
            ctx.emit(ev.Error(ctx.turn_id, ctx.next_step, message=say("planner.args_failed", ctx.lang),
                              hint=say("planner.args_hint", ctx.lang)))
            raise ArgsError(str(e), tool.name, e.missing) from None
        if veto.restated_call(tool, args, ctx.turn.steps, t.tools) or veto.made_up_figures(args, sources, t.text):
            return None  # a clause restating the call just made; a sum of figures nobody gave: an answer
        run, args, sources = as_listing(tool, args, sources, t.tools)  # "show us what's in archivio"
        return Decision(run.name, args, sources, choice)

    def _act(self, t: PlanTurn, call: Decision) -> None:
        ctx, sit = t.ctx, t.sit
        outcome = ctx.execute(call.tool, call.args, call.sources, level="L3")
        t.last_sid = outcome.scratchpad_id or t.last_sid
        sit.steps_done += 1
        sit.last_ok = outcome.ok
        sit.executed.append((call.tool, shown_args(call.args)))
        sit.clause_tools.add(call.tool)
        if outcome.ok:
            sit.has_content_source = True
            sit.read_paths |= read_paths(call.args)
            if call.choice.prereq_for is None and not veto.write_still_owed(t, call.tool):
                t.clause_i += 1
                sit.clause_tools = set()
        else:
            t.clause_i = len(t.evd.clauses)  # a failure ends the plan: explain it
        sit.pending_clause = t.clause_i < len(t.evd.clauses)
        t.plan = self._plan(t)
        self._observe(t, call.tool, call.args, outcome)

    # -- planning helpers -------------------------------------------------------------
    @staticmethod
    def _pool(t: PlanTurn, weight: float) -> list[str]:
        """Tools that may be offered now: builtins only to bigger models, a note only after a step, a plan only to
        a request of several clauses; scratchpad_read only while the turn has entries and an observation of this
        run named one (its id is then filled by rules)."""
        out = [n for n, tool in t.tools.items() if n != "scratchpad_read" and not (tool.builtin and weight < 0.5)
               and not (tool.after_a_step and not t.sit.steps_done)
               and not (tool.several_steps and len(t.evd.clauses) < 2)]
        if "scratchpad_read" in t.tools and t.last_sid and parts.scratch_has_entries(t.ctx):
            if t.surface is not None:
                t.surface.activate("scratchpad_read", "the turn has scratchpad entries")
            out.append("scratchpad_read")
        return out

    def _plan(self, t: PlanTurn, sit: Situation | None = None, clause_i: int | None = None) -> Plan:
        """Candidates and structural scores for the pending clause (see choose.py)."""
        ctx, evd, idx = t.ctx, t.evd, t.idx
        ci = t.clause_i if clause_i is None else clause_i
        clause = evd.clause(ci)
        focus_i = min(ci, len(evd.clauses) - 1) if evd.clauses else 0
        vec = t.vecs[focus_i] if t.vecs is not None and len(t.vecs) else None
        s = sit or t.sit
        hv = t.head_vecs[min(focus_i, len(t.head_vecs) - 1)] if t.head_vecs else None if vec is None else [vec]
        hp = head_reading(t.head, hv) if t.head is not None and hv is not None and s.pending_clause else None
        pool = self._pool(t, t.weight)
        pool = [n for n in pool if n not in self._vetoed(t, clause, pool, hp)]
        if clause is not None and EVENT in clause.sig.content:
            # "what time did I clock in?": the time of an event, which the clock never gives (no substitute action)
            pool = [n for n in pool if n != "get_now"]
        said = clause.text if clause is not None else evd.text
        pool = [n for n in pool if (f := getattr(t.tools[n], "offered_if", None)) is None or f(said)]  # (its value)
        superseded = {x for m in pool for x in getattr(t.tools[m], "instead_of", ())}
        pool = [n for n in pool if n not in superseded]
        emb = idx.embed_scores(vec)
        lex = idx.lexical_scores(content_words(plain(said)))
        act = idx.action_scores(veto.pushing_actions(clause, t.asked_all))
        struct, prereq = structural_scores(t.tools, pool, emb, lex, act, clause, evd, sit or t.sit,
                                           idx.actions_with_tools())
        if hp is not None and not s.clause_tools:
            head_prior(struct, hp)  # the clause's first decision: what it asks for (no-op at HEAD_WEIGHT 0)
        tools_only = {k: v for k, v in struct.items() if k != ANSWER}
        cands = rank_candidates(tools_only, int(ctx.config.llm.tool_top_k))
        if prereq and "read_files" not in cands:
            cands.append("read_files")
        # an offered write the head is sure of is shown to the model wherever the structure ranks it
        cands += [n for n in veto.head_sure(t.tools, hp, pool) if n not in cands]
        shown = head_shown(t.tools, hp, pool)  # a read the head leans to, unranked: the model weighs it too
        cands += [shown] if shown is not None and shown not in cands else []
        # the tool the head is sure the clause asks for is not shown (a schema costs prompt tokens on every
        # decision); it may still overrule an answer (_decide), from what the veto offers
        asked = head_asks(hp, pool, clause.text if clause is not None else '') if not s.clause_tools else None
        lean = veto.head_leans(t.tools, hp, clause.text) if clause is not None and not s.clause_tools else None
        if lean in pool and asks_plainly(t.text):
            cands, asked = [lean], lean  # no action the rules know: the write the head leans to, or nothing else
        return Plan(cands, struct, prereq, hp, asked)

    @staticmethod
    def _vetoed(t: PlanTurn, clause: Any, names: Sequence[str], head: dict[str, float] | None = None) -> set[str]:
        """Risky tools that the pending clause does not ask for (veto.py): never offered, whatever the scores."""
        text = clause.text if clause is not None else t.evd.text
        affinity = t.idx.affinity_by_name()
        asked = asked_actions(text)
        asked = asked & t.asked_all  # the whole request is the authority: a clause it reads as a reason, a
        # condition's consequence or a taken-back wish asks nothing, even read alone ("…, poi lo ritrovo nel cestino?")
        out = veto.vetoed(t.tools, names, asked, affinity, veto.named_objects(t.text))
        if not out:  # a write the word rules do not know, read by the head (veto.HEAD_UNLOCK); a fact to keep
            return out  # whose own words say "no good" (veto.fact_unlocked)
        plain = asks_plainly(t.text)
        return out - (veto.head_unlocked(t.tools, head, text) if plain else veto.fact_unlocked(t.tools, head, t.text))

    def _consume_existing(self, t: PlanTurn) -> int:
        """Clauses already served by steps the fast path replayed (chain_to_planner)."""
        ci, sit = 0, t.sit
        for s in t.ctx.turn.steps:
            best = self._plan(t, Situation(), ci).candidates[:1]
            sit.steps_done += 1
            sit.last_ok = s.ok
            sit.executed.append((s.tool, shown_args(s.args)))
            if s.ok:
                sit.has_content_source = True
                sit.read_paths |= read_paths(s.args)
            if ci < len(t.evd.clauses) and best and best[0] == s.tool:
                ci += 1
        sit.pending_clause = ci < len(t.evd.clauses)
        return ci

    def _decide(self, t: PlanTurn) -> Choice:
        ctx, llm, ps, plan, weight = t.ctx, t.llm, t.ps, t.plan, t.weight
        opts = [*plan.candidates, ANSWER]
        struct = {o: plan.structural[o] for o in opts if o in plan.structural}
        ll = None
        stats = StepStats(ctx.next_step, "decide")
        t0 = time.perf_counter()
        # The model weighs every decision (structure is its prior, combine()); only a turn without a model
        # decides by structure alone.
        if llm is not None and weight > 0:
            prompt = pr.decision_prompt(llm.render, ps)
            stats = self._prime(ctx, llm, prompt, "decide")
            ll = self._model_vote(t, prompt, opts, struct)
        name, probs = pick(struct, ll, weight, t.tools, after_step=bool(t.sit.steps_done and t.sit.pending_clause),
                           prereq=plan.prereq, head=plan.head)
        name, why = overrule(t, name, probs, struct, ll, opts)
        stats.ms = (time.perf_counter() - t0) * 1000
        stats.choice = name
        self.last.stats.append(stats)
        ctx.emit(PlannerStats(ctx.turn_id, ctx.next_step, phase="decide", prompt_tokens=stats.prompt_tokens,
                              reused_tokens=stats.reused_tokens, evaluated_tokens=stats.evaluated_tokens,
                              ms=round(stats.ms, 1), choice=name, model_consulted=ll is not None,
                              scores={k: round(v, 3) for k, v in probs.items()}))
        return Choice(name, probs, struct, ll, why, plan.prereq if name == "read_files" else None, plan.head)

    def _model_vote(self, t: PlanTurn, prompt: str, opts: list[str],
                    struct: dict[str, float]) -> dict[str, float] | None:
        """The model's vote (vote.py); a tool it names freely must survive the veto like any other."""
        def allowed() -> list[str]:
            pool = self._pool(t, 1.0)
            return [n for n in pool if n not in self._vetoed(t, t.evd.clause(t.clause_i), pool, t.plan.head)]
        return vote.model_vote(t.ctx, t.llm, prompt, opts, struct, allowed)

    def _prime(self, ctx: TurnContext, llm: Any, prompt: str, phase: str) -> StepStats:
        """Evaluate the prompt with one sampled token: prefill becomes cancellable and measured, and the
        scoring or generation that follows reuses all of it from the KV cache."""
        self.last.prompt = prompt
        self.last.prompts.append(prompt)
        comp = llm.complete(prompt, max_tokens=1, temperature=0.0, cancel=ctx.cancel)
        ctx.cancel.check()
        return from_completion(ctx.next_step, phase, comp, 0.0)

    def _model_args(self, ctx: TurnContext, llm: Any, ps: pr.PromptState, tool: Tool, args: dict[str, Any],
                    sources: dict[str, str]) -> tuple[dict[str, Any], dict[str, str]]:
        missing = missing_required(tool, args)
        if not missing:
            return args, sources
        if llm is None:
            raise ArgsError(say("planner.args_no_model", ctx.lang, n=len(missing), names=", ".join(missing)),
                            missing=missing)
        prompt = pr.decision_prompt(llm.render, ps) + f" {tool.name}\nArgs: "
        t0 = time.perf_counter()
        got, comp = model_args(llm, prompt, tool, missing, ctx.cancel, [s.num for s in ctx.turn.steps])
        st = from_completion(ctx.next_step, "args", comp, (time.perf_counter() - t0) * 1000, tool.name)
        self.last.stats.append(st)
        ctx.emit(PlannerStats(ctx.turn_id, ctx.next_step, phase="args", prompt_tokens=st.prompt_tokens,
                              reused_tokens=st.reused_tokens, evaluated_tokens=st.evaluated_tokens,
                              completion_tokens=st.completion_tokens, ms=round(st.ms, 1), choice=tool.name))
        return {**args, **got}, {**sources, **{k: "model" for k in got}}

    def _observe(self, t: PlanTurn, tool: str, args: dict[str, Any], outcome: StepOutcome) -> None:
        ctx, ps = t.ctx, t.ps
        step = outcome.step.num if outcome.step else ctx.next_step - 1
        g = ans.ground(t.text, tool, outcome.result if outcome.ok else outcome.view, outcome.ok)
        new_tools = self._shown(t, t.plan.candidates, ps.shown_tools)
        ps.shown_tools |= {x.name for x in new_tools}
        state = parts.state_text(ctx)
        changed = state if state and state != ps.state_text else ""
        if changed:
            ps.state_text = state
        # A decision sees what a result established (its facts: path, counts, sizes), not the result: every
        # token shown costs ~20 ms on 2 cores (a whole file took 4-10 s to read just to choose `answer`), the
        # answer is written or rendered from the steps themselves, and other tools get the whole result by
        # reference. Of what a file says, a decision sees at most the short suggested answer (≤ DRAFT_CHARS).
        view, cut = ("ok", True) if outcome.ok and g.facts else pr.clipped(outcome.view, pr.VIEW_CHARS)
        note = ""
        if outcome.scratchpad_id:
            note = (f"The full result is kept as scratchpad_id {outcome.scratchpad_id}; "
                    f"{{{{step{step}.<field>}}}} passes it whole to another tool.")
        ps.add("assistant", f"{pr.DECISION_PREFIX} {tool}\nArgs: {shown_args(args)}")
        draft = g.draft if cut and len(g.draft) <= pr.DRAFT_CHARS else ""  # a short view is its own draft
        facts = pr.new_facts(g.facts, ps.messages[-1]["content"])  # (not what the call line just said)
        ps.add("user", pr.observation_text(step, tool, view, facts=facts, draft=draft,
                                           new_tools=new_tools, state=changed, note=note, line=ps.line))

