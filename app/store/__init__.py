"""SQLite through APSW: one file per concern, WAL, ordered migrations; encrypted stores via `vault`."""
from .db import Migration, StoreError, db_path, integrity_ok, migrate, open_db, require_sqlite3mc, sqlite3mc_version

__all__ = ["Migration", "StoreError", "db_path", "integrity_ok", "migrate", "open_db", "require_sqlite3mc",
           "sqlite3mc_version"]
