"""Storage: SQLModel tables, small repositories, and the schema migrations.

`await storage.migrate(url)` brings a database to the newest schema (run at start-up).
"""

from storage.schema import migrate, migrate_engine

__all__ = ["migrate", "migrate_engine"]
