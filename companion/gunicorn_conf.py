"""Production serving: gevent workers (cheap open connections), quick graceful restarts."""

worker_class = "gevent"
worker_connections = 2000
graceful_timeout = 5
timeout = 30
accesslog = "-"
