"""GameSystem request signing for the schemathesis run, written from DESIGN.md with hashlib/hmac only.

It shares no code with Signet's signer on purpose: the run checks the server against the scheme as
documented, not against Signet's own reading of it.

    Content-MD5   = base64(MD5(body bytes as sent))
    Date          = UTC now as 'yyyyMMdd HH:mm:ss UTC'
    plain text    = Date, Content-MD5, path (no query, percent-encoding as sent), METHOD
                    joined by the two characters backslash and n
    Authorization = KEY:lowercase hex HMAC-SHA1(secret, plain text)

Keys are the reference server's public demo values: a client key for /{tenant}/client/... and an
admin key for /{tenant}/admin/....
"""

import base64
import datetime
import hashlib
import hmac
import re
import threading

import requests

CLIENT = ("demo-client", "demo-client-secret")
ADMIN = ("demo-admin", "demo-admin-secret")
SEPARATOR = "\\n"  # the two characters backslash and n
SAFE_METHODS = {"GET", "HEAD", "OPTIONS", "TRACE"}
_SIGNED_PATH = re.compile(r"^/[^/]+/(client|admin)/")


def content_md5(body: bytes) -> str:
    return base64.b64encode(hashlib.md5(body).digest()).decode("ascii")


def signing_date(moment: datetime.datetime) -> str:
    return moment.astimezone(datetime.timezone.utc).strftime("%Y%m%d %H:%M:%S UTC")


def signed_path(target: str) -> str:
    for mark in ("?", "#"):
        if mark in target:
            target = target[: target.index(mark)]
    return target or "/"


def plain_text(date: str, md5: str, path: str, method: str, separator: str = SEPARATOR) -> str:
    return separator.join([date, md5, path, method.upper()])


def signature(secret: str, text: str) -> str:
    return hmac.new(secret.encode("utf-8"), text.encode("utf-8"), hashlib.sha1).hexdigest()


def credentials_for(path: str):
    """The demo key for a GameSystem path, or None for an unsigned route."""
    match = _SIGNED_PATH.match(path)
    if not match:
        return None
    return ADMIN if match.group(1) == "admin" else CLIENT


def sign_headers(method: str, target: str, body: bytes, key: str, secret: str, date: str) -> dict:
    md5 = content_md5(body)
    text = plain_text(date, md5, signed_path(target), method)
    return {"Date": date, "Content-MD5": md5, "Authorization": f"{key}:{signature(secret, text)}"}


class DistinctDates:
    """Picks a signing Date for each request so that no two state-changing requests are byte-identical.

    The server refuses an exact replay (same key, Date, Content-MD5, method and path) of a state-changing
    request inside its 20 s window, and the scheme's dates have one-second resolution. A fuzzer sends the
    same body to the same path many times a second, so the Date is moved within the window instead (now,
    now - 1 s, now + 1 s, ... up to 15 s away), as any client may: the server accepts any Date within 20 s.
    Past that, the Date is now and the server answers 401 replayed-request, which the document describes.
    """

    MAX_OFFSET = 15

    def __init__(self):
        self._used = {}
        self._lock = threading.Lock()

    def pick(self, identity: tuple, state_changing: bool) -> str:
        now = datetime.datetime.now(datetime.timezone.utc)
        if not state_changing:
            return signing_date(now)
        offsets = [0]
        for step in range(1, self.MAX_OFFSET + 1):
            offsets += [-step, step]
        with self._lock:
            horizon = now.timestamp() - 60
            self._used = {k: t for k, t in self._used.items() if t > horizon}
            for offset in offsets:
                moment = now + datetime.timedelta(seconds=offset)
                date = signing_date(moment)
                if (identity, date) not in self._used:
                    self._used[(identity, date)] = moment.timestamp()
                    return date
        return signing_date(now)


class GameSystemAuth(requests.auth.AuthBase):
    """A `requests` auth that signs GameSystem requests after the body is final, so the MD5 and the path
    are those of the bytes and target actually sent. Unsigned routes pass through untouched."""

    def __init__(self, dates: DistinctDates):
        self.dates = dates

    def __call__(self, request: requests.PreparedRequest) -> requests.PreparedRequest:
        target = request.path_url
        credentials = credentials_for(signed_path(target))
        if credentials is None:
            return request
        body = request.body
        if body is None:
            body = b""
        elif isinstance(body, str):
            body = body.encode("utf-8")
        elif not isinstance(body, (bytes, bytearray)):
            body = b"".join(body)  # a generator: read it once, send the same bytes
        body = bytes(body)
        if request.body is not None:
            request.body = body
            request.headers["Content-Length"] = str(len(body))
        key, secret = credentials
        md5 = content_md5(body)
        state_changing = request.method.upper() not in SAFE_METHODS
        date = self.dates.pick((key, request.method.upper(), signed_path(target), md5), state_changing)
        request.headers.update(sign_headers(request.method, target, body, key, secret, date))
        return request
