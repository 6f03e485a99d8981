"""The web app (Starlette + uvicorn): pages, the ``<itsutsu-board>`` element, the play socket
and the JSON API, made by one call: ``create_app(levels_source=None, allowed_origins=())``.

Play itself is transport-free (:mod:`itsutsu.web.play`: one message in, the new state and one
reply out), so the socket route and the notebook widget share it.
"""

from itsutsu.web.app import create_app
from itsutsu.web.limits import Limits

__all__ = ["Limits", "create_app"]
