"""Production serving: gevent workers (cheap open connections), quick graceful restarts.

Each open live stream holds a connection (about 21 KiB) for as long as its page is open. A gevent
worker that has taken all ``worker_connections`` answers nothing else, so the file limit is raised
with it and the app refuses streams (429, the page then polls) before the connections run out:
``COMPANION_STREAMS_PER_PROCESS`` is set to 90 % of them.
"""

import os
import resource

WANTED_CONNECTIONS = int(os.environ.get("COMPANION_WORKER_CONNECTIONS", "10000"))
RESERVED_FILES = 256  # the database, Redis, logs, the listening socket


def _raise_file_limit(wanted: int) -> int:
    """Raise the soft limit of open files as far as needed (up to the hard limit); return it."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    ceiling = hard if hard != resource.RLIM_INFINITY else wanted
    target = min(max(soft, wanted), ceiling)
    if target > soft:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    return target


# gevent records where every greenlet was spawned (a few frame objects each) for its debugging
# aids; a worker spawns one greenlet per connection, and thousands of streams stay open.
os.environ.setdefault("GEVENT_TRACK_GREENLET_TREE", "0")
files = _raise_file_limit(WANTED_CONNECTIONS + RESERVED_FILES)
worker_class = "gevent"
worker_connections = max(100, min(WANTED_CONNECTIONS, files - RESERVED_FILES))
os.environ.setdefault("COMPANION_STREAMS_PER_PROCESS", str(worker_connections * 9 // 10))
graceful_timeout = 5
timeout = 30
# The access log costs about a tenth of a tap's time even sent to /dev/null: off unless asked for.
accesslog = "-" if os.environ.get("COMPANION_ACCESS_LOG") == "1" else None
# gunicorn's control socket has one default path per user: a second server on the machine (a test,
# a benchmark) would take it over. Nothing here uses gunicornc.
control_socket_disable = True
