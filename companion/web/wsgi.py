"""WSGI entry point for production servers: ``gunicorn companion.web.wsgi:app``."""

from companion.web.app import create_app, warm

app = create_app()
warm(app)  # each worker is ready before it answers its first phone
