"""WSGI entry point for production servers: ``gunicorn companion.wsgi:app``."""

from companion.app import create_app, warm

app = create_app()
warm(app)  # each worker is ready before it answers its first phone
