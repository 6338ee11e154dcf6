"""What goes over the wire: compressed pages and assets, fingerprinted static URLs cached for a year."""

from __future__ import annotations

import gzip
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import brotli
from bs4 import BeautifulSoup
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.wsgi import FileWrapper

from companion.web.app import warm
from tests.conftest import new_table


def asset_urls(client: FlaskClient) -> list[str]:
    page = BeautifulSoup(client.get("/").text, "html.parser")
    urls = [tag["src"] for tag in page.select("script[src]")] + [tag["href"] for tag in page.select("link[href]")]
    return [str(url) for url in urls if str(url).startswith("/static/")]


def test_pages_are_sent_compressed_with_brotli_or_gzip(client: FlaskClient) -> None:
    code = new_table(client)
    plain = client.get(f"/t/{code}")
    squeezed = client.get(f"/t/{code}", headers={"Accept-Encoding": "br"})
    assert squeezed.headers["Content-Encoding"] == "br"
    assert "Accept-Encoding" in squeezed.headers["Vary"] and "HX-Request" in squeezed.headers["Vary"]
    assert len(squeezed.data) < len(plain.data) / 3
    assert "Content-Encoding" not in plain.headers
    zipped = client.get(f"/t/{code}", headers={"Accept-Encoding": "gzip"})
    assert zipped.headers["Content-Encoding"] == "gzip"
    # Both decode to a whole page (the idempotency keys differ from one answer to the next).
    for body in (brotli.decompress(squeezed.data), gzip.decompress(zipped.data)):
        assert BeautifulSoup(body, "html.parser").select_one("#board")


def test_css_and_js_are_compressed(client: FlaskClient) -> None:
    """Flask sends static files as a stream, which Flask-Compress squeezes as it goes: brotli, else gzip."""
    for url in asset_urls(client):
        if url.endswith((".css", ".js")):
            with client.get(url, headers={"Accept-Encoding": "gzip, br"}) as response, client.get(url) as plain:
                assert response.headers["Content-Encoding"] == "br", url
                assert brotli.decompress(response.data) == plain.data
            with client.get(url, headers={"Accept-Encoding": "gzip"}) as response, client.get(url) as plain:
                assert response.headers["Content-Encoding"] == "gzip", url
                assert gzip.decompress(response.data) == plain.data


def test_the_event_stream_is_never_compressed(client: FlaskClient) -> None:
    code = new_table(client)
    response = client.get(f"/t/{code}/stream", headers={"Accept-Encoding": "gzip, br"}, buffered=False)
    try:
        assert response.mimetype == "text/event-stream"
        assert "Content-Encoding" not in response.headers
        assert next(response.response) == b"retry: 2000\n\n"
    finally:
        response.close()


def test_static_urls_carry_their_digest_and_are_cached_for_a_year(client: FlaskClient) -> None:
    urls = asset_urls(client)
    assert {urlsplit(url).path for url in urls} >= {"/static/css/app.css", "/static/js/app.js"}
    digests = {parse_qs(urlsplit(url).query)["v"][0] for url in urls}
    assert len(digests) == len(urls)  # one per file's content
    for url in urls:
        with client.get(url) as response:
            assert response.status_code == 200
            assert response.cache_control.max_age == 365 * 24 * 60 * 60
            assert response.cache_control.immutable and response.cache_control.public
            assert not response.cache_control.no_cache  # else a phone asks again on every page


def test_a_static_url_without_the_current_digest_is_revalidated(client: FlaskClient) -> None:
    for url in ("/static/css/app.css", "/static/css/app.css?v=000000000000"):
        with client.get(url) as response:
            assert response.status_code == 200
            assert response.cache_control.no_cache and not response.cache_control.immutable


def test_static_files_are_compressed_even_when_the_server_streams_them(app: Flask) -> None:
    """gunicorn hands Flask a file wrapper: the file is then a stream, compressed as it is sent (and closed)."""
    client = app.test_client()
    url = next(u for u in asset_urls(client) if "htmx.min.js" in u)
    with client.get(
        url, headers={"Accept-Encoding": "gzip, br"}, environ_base={"wsgi.file_wrapper": FileWrapper}
    ) as response:
        assert response.headers["Content-Encoding"] == "br"
        assert brotli.decompress(response.data) == (Path(str(app.static_folder)) / "js/htmx.min.js").read_bytes()


def test_a_started_server_has_every_template_ready_before_the_first_phone(app: Flask, monkeypatch: object) -> None:
    """The production entry point warms the app: no phone waits for a template to be compiled."""
    warm(app)

    def compile_now(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("a template was compiled while answering a phone")

    monkeypatch.setattr(app.jinja_env, "compile", compile_now)  # type: ignore[attr-defined]
    client = app.test_client()
    code = new_table(client)
    for path in ("/", f"/t/{code}", f"/t/{code}/log", "/new", "/offline"):
        assert client.get(path).status_code == 200, path
    assert client.get(f"/t/{code}", headers={"HX-Request": "true", "Accept-Language": "ja"}).status_code == 200
