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


def test_a_plain_function_is_remembered_and_a_coroutine_function_never(app: Flask) -> None:
    def view() -> int:
        return 1

    async def later() -> int:
        return 2

    assert isinstance(app, Companion)
    app.ensure_sync(view)
    assert view in app._plain_functions
    with pytest.raises(RuntimeError, match="async"):
        app.ensure_sync(later)
    assert later not in app._plain_functions
    with pytest.raises(RuntimeError, match="async"):  # asked again: still Flask's answer
        app.ensure_sync(later)


def test_a_callable_that_cannot_be_hashed_is_checked_each_time(app: Flask) -> None:
    class Unhashable:
        __hash__ = None  # type: ignore[assignment]

        def __call__(self) -> int:
            return 1

    callable_object = Unhashable()
    assert app.ensure_sync(callable_object) is callable_object
    assert app.ensure_sync(callable_object) is callable_object
