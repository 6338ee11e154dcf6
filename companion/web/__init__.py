"""The web layer: the Flask app factory, its blueprints (views/) and the plumbing they share."""
