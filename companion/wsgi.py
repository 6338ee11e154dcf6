"""WSGI entry point for production servers: ``gunicorn companion.wsgi:app``."""

from companion.app import create_app

app = create_app()
