"""Production serving: gevent workers (cheap open connections), quick graceful restarts."""

worker_class = "gevent"
worker_connections = 2000
graceful_timeout = 5
timeout = 30
accesslog = "-"
# gunicorn's control socket has one default path per user: a second server on the machine (a test,
# a benchmark) would take it over. Nothing here uses gunicornc.
control_socket_disable = True
