"""The web app (Starlette): pages, static files, JSON and play endpoints."""
