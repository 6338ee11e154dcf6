"""axe-core (4.14.1, vendored in tests/browser/vendor) finds no serious or critical violation, light and dark."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.browser.conftest import PATIENCE_MS, PHONE
from tests.browser.test_table_on_phones import create_table, join

pytestmark = pytest.mark.browser

AXE = Path(__file__).parent / "vendor" / "axe-4.14.1.min.js"
GAMES = ("welcome-to-the-moon", "space-base", "andromeda", "mission-red-planet", "crafting-the-cosmos", "score-pad")


def violations(page) -> list[str]:  # type: ignore[no-untyped-def]
    """Return the serious and critical axe violations of the page, as "rule: target" lines."""
    page.add_script_tag(path=str(AXE))
    found = page.evaluate(
        """async () => {
            const result = await axe.run(document, {runOnly: {type: "tag", values: ["wcag2a", "wcag2aa", "wcag21aa"]}});
            return result.violations.filter(v => v.impact === "serious" || v.impact === "critical")
                .flatMap(v => v.nodes.map(n => v.id + ": " + n.target.join(" ")));
        }"""
    )
    return [str(line) for line in found]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_page_of_every_game_passes_axe(live_server: str, browser, scheme: str) -> None:  # type: ignore[no-untyped-def]
    def phone():  # type: ignore[no-untyped-def]
        context = browser.new_context(bypass_csp=True, color_scheme=scheme, **PHONE)
        context.set_default_timeout(PATIENCE_MS)
        return context.new_page()

    problems: dict[str, list[str]] = {}
    home = phone()
    home.goto(live_server + "/")
    problems["home"] = violations(home)
    home.goto(live_server + "/new")
    problems["new"] = violations(home)
    for game in GAMES:
        host = phone()
        players = ["Aki", "Ben", "Chika"]
        create_table(host, live_server, game, players)
        problems[f"{game} host"] = violations(host)
        link = live_server + str(host.locator("a[href^='/join/']").first.get_attribute("href"))
        aki = phone()
        join(aki, link, "Aki")
        problems[f"{game} board"] = violations(aki)
        code = re.search(r"/t/([A-Z0-9]+)", aki.url)
        assert code
        for page in ("log", "results"):
            aki.goto(f"{live_server}/t/{code.group(1)}/{page}")
            problems[f"{game} {page}"] = violations(aki)
        aki.context.close()
        host.context.close()
    assert {where: found for where, found in problems.items() if found} == {}
