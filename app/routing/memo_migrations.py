"""The memo database's ordered migrations (what the fast path learned: queries, pipelines, active days, the route
log). Kept apart from memo.py, which reads and writes the rows: a schema change is one new entry at the end."""
from __future__ import annotations

from app.store.db import Migration

MIGRATIONS = [
    Migration(1, "fast-path memo: canonical queries, pipelines, active days, route log", """
    create table canonical_query_log(
        id integer primary key,
        owner text not null default '',
        canonical text not null,
        query text not null,
        executor text not null,
        action_key text not null default '',
        args_observed text not null default '{}',
        observed_at text not null default '',
        uses integer not null default 1,
        first_seen text not null,
        last_used_day_rank integer not null default 0,
        threshold_override real,
        contradicted integer not null default 0,
        hits integer not null default 0,
        vector blob,
        unique(owner, canonical, executor));
    create table multi_tool_paths(
        id integer primary key,
        owner text not null default '',
        canonical text not null,
        query text not null,
        steps text not null,
        signature text not null,
        action_key text not null default '',
        uses integer not null default 1,
        first_seen text not null,
        last_used_day_rank integer not null default 0,
        promoted_at text,
        threshold_override real,
        contradicted integer not null default 0,
        hits integer not null default 0,
        vector blob,
        unique(owner, canonical, signature));
    create table system_active_days(day text primary key, day_rank integer not null unique);
    create table synthesis_candidates(
        path_id integer primary key references multi_tool_paths(id) on delete cascade,
        canonical text not null,
        steps text not null,
        uses_at_promotion integer not null,
        created_at text not null);
    create table route_log(
        id integer primary key,
        ts text not null,
        text text not null,
        level text not null,
        score real,
        entry text,
        reason text not null);
    """),
    Migration(2, "which embedder made the stored vectors (vectors of another one are re-made, never compared)", """
    create table memo_meta(key text primary key, value text not null);
    """),
]
