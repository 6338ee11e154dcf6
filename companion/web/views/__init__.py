"""Blueprints: thin views that parse, call one service function, and render."""
