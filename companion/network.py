"""The addresses other phones can open: this machine's LAN addresses, and links to share.

A link shown to be opened on another phone (the join QR code, the results and recovery links) must
name an address that phone can reach. The host's own browser often opened the app as
``http://127.0.0.1:5000``: that address means "this phone" on every other phone. So a link built
from a loopback request names this machine's LAN address instead, and ``COMPANION_PUBLIC_URL``
(behind a reverse proxy) names the address outright.

The request's Host header is used for display only, and only when it is a well-formed host name or
address: a spoofed Host changes what the spoofing browser itself is shown, nothing stored, nothing
cached for another phone, no redirect.
"""

from __future__ import annotations

import ipaddress
import re
import socket
from urllib.parse import urlsplit

# connect() on a UDP socket sends nothing: the kernel only picks the interface it would route
# through, so these work offline. A documentation address (TEST-NET-2, never a real host) asks for
# the default route's interface, then one address of each private range for the others.
PROBES = ("198.51.100.1", "10.255.255.255", "172.31.255.255", "192.168.255.255")

_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
# Labels split by dots only (no backtracking blow-up on a long Host), or a bracketed IPv6 address.
_HOST = re.compile(rf"{_LABEL}(?:\.{_LABEL})*\.?|\[[0-9A-Fa-f:.]{{2,45}}\]", re.ASCII)
_PORT = re.compile(r"[0-9]{1,5}", re.ASCII)
DEFAULT_PORTS = {"http": 80, "https": 443}


def lan_addresses() -> tuple[str, ...]:
    """Return this machine's non-loopback IPv4 addresses, the default route's first (no traffic sent)."""
    found: list[str] = []

    def add(address: str) -> None:
        ip = ipaddress.ip_address(address)
        if not (ip.is_loopback or ip.is_unspecified) and address not in found:
            found.append(address)

    for probe in PROBES:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as udp:
            try:
                udp.connect((probe, 9))
            except OSError:  # no route to that range
                continue
            add(udp.getsockname()[0])
    try:
        named = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET, socket.SOCK_DGRAM)
    except OSError:  # the machine's own name does not resolve
        named = []
    for *_rest, address in named:
        add(str(address[0]))
    return tuple(found)


def is_loopback(hostname: str) -> bool:
    """Return whether ``hostname`` names this machine only (localhost, 127.0.0.0/8, ::1, 0.0.0.0)."""
    name = hostname.strip("[]").rstrip(".").lower()
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        ip = ipaddress.ip_address(name)
    except ValueError:
        try:  # the short IPv4 spellings a browser also accepts: "127.1", "0", "2130706433"
            ip = ipaddress.ip_address(socket.inet_aton(name))
        except OSError:
            return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped  # "::ffff:127.0.0.1"
    return ip.is_loopback or ip.is_unspecified


def split_host(host: str) -> tuple[str, int | None] | None:
    """Return (hostname, port) of a Host header, or None when it is not a well-formed host[:port]."""
    name, colon, port = host.rpartition(":") if not host.endswith("]") else (host, "", "")
    if not colon:
        name, port = host, ""
    if len(name) > 255 or not _HOST.fullmatch(name) or (port and not _PORT.fullmatch(port)):
        return None
    number = int(port) if port else None
    if number is not None and not 0 < number < 65536:
        return None
    return name, number


def checked_public_url(text: str) -> str:
    """Return ``COMPANION_PUBLIC_URL`` without its trailing slash, or raise ValueError saying why."""
    parts = urlsplit(text.strip())
    if parts.scheme not in DEFAULT_PORTS or not parts.hostname or parts.query or parts.fragment:
        raise ValueError(
            f"COMPANION_PUBLIC_URL must be an http:// or https:// address such as https://games.example.org, "
            f"not {text!r}"
        )
    return text.strip().rstrip("/")


def origin(scheme: str, hostname: str, port: int | None) -> str:
    """Return ``scheme://hostname[:port]``, leaving out the scheme's default port."""
    if ":" in hostname and not hostname.startswith("["):
        hostname = f"[{hostname}]"
    if port is None or port == DEFAULT_PORTS.get(scheme):
        return f"{scheme}://{hostname}"
    return f"{scheme}://{hostname}:{port}"


def shared_origin(*, public_url: str | None, scheme: str, host: str, server_port: int | None) -> str:
    """Return the origin to put in a link for other phones.

    ``public_url`` (``COMPANION_PUBLIC_URL``) wins. Otherwise the request's own ``host`` is kept when
    it is a well-formed name or address that is not loopback; a loopback (or malformed) host is
    replaced by this machine's first LAN address, with the port the request came in on.
    """
    if public_url:
        return public_url
    split = split_host(host)
    if split is not None and not is_loopback(split[0]):
        return origin(scheme, split[0], split[1])
    port = split[1] if split is not None else server_port
    addresses = lan_addresses()
    hostname = addresses[0] if addresses else (split[0] if split is not None else "127.0.0.1")
    return origin(scheme, hostname, port)
