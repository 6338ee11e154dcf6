"""Storage through SQLModel: the engine, the tables, migrations, the append-only ledger, kept results."""
