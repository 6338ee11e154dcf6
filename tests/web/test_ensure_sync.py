"""The app hands plain functions to Flask as they are and leaves coroutine functions to Flask."""

from __future__ import annotations

import functools

import pytest
from flask import Flask

from companion.app import Companion


def test_plain_functions_and_methods_are_called_as_they_are(app: Flask) -> None:
    class Hooks:
        def before(self) -> int:
            return 1

    def view() -> int:
        return 2

    hooks = Hooks()
    assert isinstance(app, Companion)
    assert app.ensure_sync(view) is view
    assert app.ensure_sync(hooks.before) == hooks.before
    partial = functools.partial(view)
    assert app.ensure_sync(partial) is partial  # no code of its own: Flask's check, same answer


def test_a_coroutine_function_goes_through_flasks_own_check(app: Flask) -> None:
    async def view() -> int:
        return 1

    class Hooks:
        async def before(self) -> int:
            return 2

    for function in (view, Hooks().before):
        with pytest.raises(RuntimeError, match="async"):  # Flask wraps it (here: says async needs its extra)
            app.ensure_sync(function)
