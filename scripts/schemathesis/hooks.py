"""schemathesis hooks for the Signet reference server (loaded with SCHEMATHESIS_HOOKS=<this file>).

- Every GameSystem request (/{tenant}/client/... and /{tenant}/admin/...) is signed with the public demo
  keys once its body is final (gamesystem_signing.GameSystemAuth), so verification passes and the
  handlers themselves are exercised; state-changing requests get distinct Dates so that the server's
  replay refusal does not answer them all.
- The worlds route answers property lists (OpenStep text, XML, binary); they are read with
  property_lists.py so that their structure is checked against the document like any JSON body. Other
  routes' text/plain answers (the echo's raw bodies) stay plain text.
- X-Echo-Status asks the echo routes for a status; a 5xx chosen that way is the client's choice, not a
  server error, so a generated 5xx is moved to the 4xx range before sending (the echo of a chosen status
  is still checked against the document).
"""

import os
import sys

import schemathesis

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from gamesystem_signing import DistinctDates, GameSystemAuth  # noqa: E402
import property_lists  # noqa: E402

_AUTH = GameSystemAuth(DistinctDates())


@schemathesis.hook
def before_call(context, case, kwargs):
    kwargs["auth"] = _AUTH
    headers = case.headers
    if not headers:
        return
    for name in list(headers):
        if name.lower() != "x-echo-status":
            continue
        try:
            status = int(str(headers[name]).strip())
        except ValueError:
            continue
        if 500 <= status <= 599:
            headers[name] = str(status - 100)


WORLDS_PATH = "/XYRALITY/WebObjects/BKLoginServer.woa/wa/worlds"


@schemathesis.deserializer(*sorted(property_lists.ALL_TYPES))
def property_list(context, response):
    media_type = (response.headers.get("content-type") or [""])[0].split(";")[0].strip().lower()
    if context.operation.path != WORLDS_PATH:
        return response.content.decode("utf-8", errors="replace")
    return property_lists.parse(response.content, media_type)
