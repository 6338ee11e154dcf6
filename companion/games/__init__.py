"""Pure game rules: the contract, shared mechanics and one module per game.

Nothing here imports Flask, SQLModel or Jinja.
"""
