"""The layers: each imports only the ones below it (web → services → storage → games), never one above."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "companion"

# What each layer may import of the package, besides itself. The pure modules at the top level
# (results, exports, config, network, policy) take their place among the lower layers.
ALLOWED = {
    "games": set(),
    "results": {"games"},
    "exports": {"games", "results"},
    "policy": {"games"},
    "storage": {"games", "results", "exports"},
    "services": {"games", "storage", "results", "exports", "policy", "network"},
    "web": {"games", "storage", "services", "results", "exports", "policy", "network", "config"},
}


def imported(path: Path) -> set[str]:
    """The ``companion`` sub-packages and modules a file imports, at its top or inside a function."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names |= {f"{node.module}.{alias.name}" for alias in node.names if node.module == "companion"}
    return {name.split(".")[1] for name in names if name.startswith("companion.")}


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_a_layer_never_imports_one_above_it(layer: str) -> None:
    crossings = {
        f"{path.relative_to(PACKAGE.parent)} imports companion.{name}"
        for path in sorted((PACKAGE / layer).rglob("*.py")) or [PACKAGE / f"{layer}.py"]
        for name in imported(path) - ALLOWED[layer] - {layer}
    }
    assert not crossings


def test_the_check_sees_an_import_inside_a_function(tmp_path: Path) -> None:
    module = tmp_path / "module.py"
    module.write_text("def later():\n    from companion.web import app\n    import companion.services.table\n")
    assert imported(module) == {"web", "services"}
