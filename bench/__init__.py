"""Benchmarks that print figures (not tests: nothing here is collected by pytest or run by CI)."""
