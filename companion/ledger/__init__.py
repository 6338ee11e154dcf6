"""The append-only event ledger: storage of tables and their events."""
