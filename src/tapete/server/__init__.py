"""tapete's multiplayer server: tables of people and bots in the browser (``tapete serve``).

Importing this package loads nothing heavy; :func:`tapete.server.app.create_app` builds the
FastAPI application.
"""
