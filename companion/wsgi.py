"""WSGI entry point for production servers: ``gunicorn companion.wsgi:app``."""

from companion import create_app

app = create_app()
