"""Conversations in the history: one row per conversation (its name, when it began, its last request).

A conversation is a session: every turn carries its conversation's id in `turns.session` (a one-off
request, `metnos ask`, is a conversation of its own whose id is the turn's). The row is written when the
conversation's first request starts and touched by every later one, so listing the conversations is one
indexed read, not a scan of every turn. A conversation's name is its first request until the person
renames it (`title` holds only a name given by hand, so the first request stays the truth).

The SQL lives here and the `Journal` (journal.py) calls it under its lock; `earlier_exchanges` gives the
planner a reopened conversation's last exchanges, bounded, after a restart.
"""
from __future__ import annotations

from typing import Any, Sequence

import apsw

LEGACY = "desk"  # the one endless chat the desk had before conversations: every older turn goes there
TITLE_CHARS = 120  # a name given by hand is cut here
LOADED_EXCHANGES = 12  # a reopened conversation's last exchanges read back for the planner (then folded)


def migrate(con: apsw.Connection) -> None:
    """Migration 4: the conversations table, and every older turn placed in one.

    Turns without a conversation (one-off requests, stored with an empty session) join the desk's chat, the one
    conversation the desk used to show them in, so nothing is lost and every turn now has a conversation."""
    con.execute("""
        create table conversations(
            owner text not null, id text not null, title text not null default '',
            created_at real not null, last_at real not null, primary key(owner, id));
        create index conversations_last on conversations(owner, last_at);
    """)
    con.execute("update turns set session = ? where session = ''", (LEGACY,))
    con.execute("insert into conversations(owner, id, title, created_at, last_at) "
                "select owner, session, '', min(started_at), max(started_at) from turns group by owner, session")


def touch(con: apsw.Connection, owner: str, conv: str, at: float) -> None:
    """A request in `conv`: the row exists from its first request on, and its last time moves forward."""
    con.execute("insert into conversations(owner, id, created_at, last_at) values(?,?,?,?) "
                "on conflict(owner, id) do update set last_at = max(last_at, excluded.last_at)",
                (owner, conv, at, at))


_LIST = ("select c.id, c.title, c.created_at, c.last_at, "
         "(select t.text from turns t where t.owner = c.owner and t.session = c.id order by t.started_at limit 1), "
         "(select count(*) from turns t where t.owner = c.owner and t.session = c.id), "
         "(select count(*) from turns t where t.owner = c.owner and t.session = c.id and t.state = 'interrupted') "
         "from conversations c where c.owner = ?")


def _like(word: str) -> str:
    return "%" + word.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"


def listing(con: apsw.Connection, owner: str, words: Sequence[str] = (), limit: int = 200) -> list[dict[str, Any]]:
    """Conversations, the most recently used first. With `words`, only those whose name, requests or answers
    contain every word (case-insensitive for plain letters)."""
    q, params = _LIST, [owner]
    for w in words:
        q += (" and (c.title like ? escape '\\' or exists (select 1 from turns t where t.owner = c.owner and "
              "t.session = c.id and (t.text like ? escape '\\' or t.answer like ? escape '\\')))")
        params += [_like(w)] * 3
    q += " order by c.last_at desc limit ?"
    rows = con.execute(q, [*params, limit]).fetchall()
    out = []
    for cid, title, first_at, last_at, first_text, turns, interrupted in rows:
        if not turns:
            continue  # its turns were pruned: the row goes at the next prune
        first = str(first_text or "")
        out.append({"id": str(cid), "title": str(title or "") or " ".join(first.split())[:TITLE_CHARS],
                    "renamed": bool(title), "first_text": first, "first_at": first_at, "last_at": last_at,
                    "turns": int(turns), "interrupted": int(interrupted or 0)})
    return out


def rename(con: apsw.Connection, owner: str, conv: str, title: str) -> bool:
    """Give a conversation a name; an empty one brings back its first request. False when there is no such one."""
    name = " ".join(title.split())[:TITLE_CHARS]
    return bool(con.execute("update conversations set title = ? where owner = ? and id = ? returning id",
                            (name, owner, conv)).fetchall())


def drop_empty(con: apsw.Connection) -> None:
    """Rows of conversations whose turns are all gone (pruned, forgotten)."""
    con.execute("delete from conversations where not exists "
                "(select 1 from turns t where t.owner = conversations.owner and t.session = conversations.id)")


def earlier_exchanges(rows: Sequence[dict[str, Any]], skip: str = "") -> list[tuple[str, str]]:
    """A stored conversation's turns (oldest first) as the planner's history: answered requests only (a cancelled,
    interrupted or still running one said nothing to build on), without the turn now running (`skip`)."""
    return [(str(r["text"]), str(r["answer"])) for r in rows
            if r.get("id") != skip and r.get("state") == "done" and not r.get("cancelled") and r.get("answer")]


def reopened(journal: Any, owner: str, conv: str, skip: str = "") -> list[tuple[str, str]]:
    """The planner's history of a conversation this process has not seen yet (the app restarted, or the person
    picked an older one): its last exchanges from the journal, folded by rules like a long chat (the person's
    statements kept word for word), so the prompt stays within its budget. Never raises: no history is no
    context, not a failed turn."""
    if journal is None:
        return []
    from app.memory.compaction import compact_history

    try:
        rows = journal.recent(owner, LOADED_EXCHANGES + 1, session=conv)
    except Exception:
        return []
    return compact_history(earlier_exchanges(rows, skip)[-LOADED_EXCHANGES:], lambda _t: "")
