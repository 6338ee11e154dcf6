"""Starting a table on a 390 × 844 phone and joining it from another through the QR code."""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from werkzeug.serving import make_server

from companion.games.registry import GAMES
from companion.network import lan_addresses
from companion.storage.migrate import upgrade
from companion.web.app import create_app
from tests.browser.conftest import screenshot
from tests.browser.test_table_on_phones import join
from tests.qr import decode_svg

pytestmark = pytest.mark.browser

MOON = "welcome-to-the-moon"
SCREEN = 844

# The QR code image the page shows: its size on the screen, and the SVG it was drawn from (fetched
# again by the page, with its cookies, from the image's own address).
SHOWN_QR = """async (img) => {
  await img.decode();
  const box = img.getBoundingClientRect();
  const svg = await (await fetch(img.currentSrc, { credentials: "same-origin" })).text();
  return [box.width, box.height, svg];
}"""


def scanned(page) -> str:  # type: ignore[no-untyped-def]
    """Return what a camera reads from the QR code the page shows: the image must be on the screen
    at a size a camera can read, and its squares (rasterized by tests/qr.py, as the phone's screen
    shows them) must decode, finder patterns, mask and error correction included.

    Drawing the image into a canvas in the page read nothing, now and then, on a loaded CI machine
    (twice, never alone); the squares of the SVG the image shows are read here instead.
    """
    page.wait_for_load_state("networkidle")
    image = page.locator("img.qr")
    assert image.is_visible()
    width, height, svg = image.evaluate(SHOWN_QR)
    assert width >= 200 and height >= 200  # a phone's camera reads it from across the table
    return decode_svg(svg.encode())


@pytest.fixture
def network_server(tmp_path: Path) -> Iterator[int]:
    """Serve the app on every interface, as ./scripts/run does; yield its port."""
    if not lan_addresses():
        pytest.skip("this machine has no network address besides loopback")
    url = f"sqlite:///{tmp_path / 'browser.sqlite3'}"
    upgrade(url)
    app = create_app({"DATABASE_URL": url, "SECRET_KEY": "browser-tests"})
    server = make_server("0.0.0.0", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server.server_port
    server.shutdown()
    thread.join(5)
    app.extensions["companion.engine"].dispose()


def start(page, server: str, game: str, names: list[str]) -> None:  # type: ignore[no-untyped-def]
    """Fill the new-table form as a host does, leaving "I play as" as it comes."""
    page.goto(server + "/new")
    page.locator("select[name=game]").select_option(game)
    page.wait_for_load_state("networkidle")
    for row, name in enumerate(names, start=1):
        page.locator(f"#name-{row}").fill(name)
    page.locator("form button[type=submit]").click()
    page.wait_for_url(re.compile(r"/t/[A-Z0-9]+$"))


def test_the_host_plays_as_the_first_player_and_a_phone_joins_through_the_scanned_qr_code(
    network_server: int, phone
) -> None:  # type: ignore[no-untyped-def]
    host = phone()
    start(host, f"http://127.0.0.1:{network_server}", MOON, ["Aki", "Ben"])  # the host's browser: loopback
    assert host.get_by_text("You are Aki.").is_visible()
    assert host.locator(".sheet-row").count() > 0  # Aki's own score sheet
    link = scanned(host)
    address = re.fullmatch(rf"http://([0-9.]+):{network_server}/join/[\w-]+", link)
    assert address is not None and address.group(1) in lan_addresses()
    assert host.locator("#invite a.break").first.inner_text() == link  # the same address as text
    screenshot(host, "host-plays-as-aki")
    ben = phone()
    join(ben, link, "Ben")  # only Ben's seat is left
    assert ben.get_by_text("You are Ben.").is_visible()
    assert ben.url.startswith(f"http://{address.group(1)}:{network_server}/t/")


@pytest.mark.parametrize("game", GAMES)
def test_the_new_table_form_shows_one_screen_of_options_with_the_defaults(live_server: str, phone, game: str) -> None:  # type: ignore[no-untyped-def]
    page = phone()
    page.goto(f"{live_server}/new?game={game}")
    options = page.locator("#options").bounding_box()
    assert options is not None and options["height"] <= SCREEN, options


def test_typing_names_fills_i_play_as_and_changing_the_adventure_swaps_its_options(live_server: str, phone) -> None:  # type: ignore[no-untyped-def]
    page = phone()
    page.goto(f"{live_server}/new?game={MOON}")
    assert page.locator("#option-adventure-1-launch").is_visible()
    page.locator("#name-1").fill("Aki")
    page.locator("#name-1").press("Tab")  # leaving the box sends its change: "I play as" names Aki
    page.locator("#play-as option", has_text="Aki").wait_for(state="attached")
    page.locator("#play-as").select_option("host")
    page.locator("#option-adventure").select_option("8")
    page.locator("#option-adventure-8-plants").wait_for(state="attached")  # a printed table: behind "Fine points"
    assert page.locator("#option-adventure-1-launch").count() == 0
    assert page.locator("#option-adventure-1-rockets").count() == 0
    page.locator("#fine-points summary").click()
    assert page.locator("#option-adventure-8-plants").is_visible()
    assert page.locator("#play-as").input_value() == "host"  # the swap leaves "I play as" alone
    screenshot(page, "new-table-adventure-8")


def test_the_form_works_without_javascript(browser, live_server: str) -> None:  # type: ignore[no-untyped-def]
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": SCREEN})
    page = context.new_page()
    page.goto(f"{live_server}/new?game={MOON}")
    page.locator("#name-1").fill("Aki")
    page.locator("#name-2").fill("Ben")
    page.locator("#option-adventure").select_option("8")
    page.get_by_role("button", name="Show the options for these choices").click()
    assert page.locator("#option-adventure-8-plants").count() == 1
    assert page.locator("#option-adventure-1-launch").count() == 0
    assert [o.inner_text() for o in page.locator("#play-as option").all()][:2] == ["Aki", "Ben"]
    page.locator("#play-as").select_option("2")
    page.get_by_role("button", name="Start the table").click()
    page.wait_for_url(re.compile(r"/t/[A-Z0-9]+$"))
    assert page.get_by_text("You are Ben.").is_visible()
    context.close()
