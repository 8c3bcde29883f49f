"""Diagnosis vectors for Signet: requests signed with one known client mistake each.

Part of the independent oracle (see generate.py): Python's hashlib and hmac only, no
code shared with the library. Each vector is a request exactly as a careless client
would send it to the reference server (demo keys, real routes), the server's clock
and separator, and what the verifier must answer: the failing check, the identifier
of the mistake, and the string the server expected to be signed (its separator
written as it is). The reference-server tests replay these requests over HTTP.
"""

import base64
import hashlib
import hmac
import urllib.parse

FILE = "gamesystem-diagnosis.json"
SEPARATORS = {"escaped": "\\n", "newline": "\n"}
NOW = "20270115 08:00:00 UTC"
KEYS = {"demo-client": "demo-client-secret", "demo-admin": "demo-admin-secret"}
PLAYER = "/acme/client/players/ann"
EVENTS = "/acme/admin/player_external_events"
MAGIC = b'{"player": "ann", "external_event_id": "Magic"}'
EMPTY_MD5 = "1B2M2Y8AsgTpgAmY7PhCfg=="


def md5_base64(body):
    return base64.b64encode(hashlib.md5(body).digest()).decode("ascii")


def path_of(target):
    for mark in ("?", "#"):
        if mark in target:
            target = target[: target.index(mark)]
    return target or "/"


def text(date, md5, path, method, separator):
    return SEPARATORS[separator].join([date, md5, path, method])


def hmac_hex(secret, message):
    return hmac.new(secret.encode("utf-8"), message.encode("utf-8"), hashlib.sha1).hexdigest()


ROLES = {"demo-client": "client", "demo-admin": "admin"}


def request(name, cause, error, method, target, body=b"", key="demo-client", date=NOW,
            server_separator="escaped", signed_text=None, secret=None, content_md5=None,
            signature_case=str, offset=None, route_roles=None):
    """One vector. The client signs `signed_text` (by default what the server expects)
    with `secret` (by default the key's), sends `content_md5` (by default the body's)."""
    md5 = md5_base64(body)
    expected_text = text(date, md5, path_of(target), method.upper(), server_separator)
    sent_md5 = md5 if content_md5 is None else content_md5
    signing_text = signed_text if signed_text is not None else text(
        date, sent_md5, path_of(target), method.upper(), server_separator)
    signature = signature_case(hmac_hex(secret if secret is not None else KEYS[key], signing_text))
    if error == "content-md5-mismatch":
        pass  # the server expects the body's MD5, which expected_text already holds
    elif content_md5 is not None:
        expected_text = text(date, sent_md5, path_of(target), method.upper(), server_separator)
    expected = {"valid": False, "error": error, "likely_cause": cause, "string_to_sign": expected_text}
    if offset is not None:
        expected["clock_offset_seconds"] = offset
    roles = {} if route_roles is None else {"roles": ROLES, "route_roles": route_roles}
    return dict({
        "name": name,
        "method": method,
        "target": target,
        "body_base64": base64.b64encode(body).decode("ascii"),
        "headers": {
            "Date": date,
            "Content-MD5": sent_md5,
            "Authorization": key + ":" + signature,
            "Content-Type": "application/json",
        },
        "now": NOW,
        "keys": KEYS,
        "max_skew_seconds": 20,
        "separator": server_separator,
        "expected": expected,
    }, **roles)


def vectors():
    md5_magic = md5_base64(MAGIC)
    empty = md5_base64(b"")
    encoded = PLAYER + "%20lee"            # sent percent-encoded
    lower_escape = "/acme/client/players/a%2fb"
    return [
        request("separator-newline-get", "separator-newline", "bad-signature", "GET", PLAYER,
                signed_text=text(NOW, empty, PLAYER, "GET", "newline")),
        request("separator-newline-post", "separator-newline", "bad-signature", "POST", EVENTS, MAGIC,
                key="demo-admin", signed_text=text(NOW, md5_magic, EVENTS, "POST", "newline")),
        request("separator-escaped-get", "separator-escaped", "bad-signature", "GET", PLAYER,
                server_separator="newline", signed_text=text(NOW, empty, PLAYER, "GET", "escaped")),
        request("query-signed", "query-signed", "bad-signature", "GET", PLAYER + "?fields=points",
                signed_text=text(NOW, empty, PLAYER + "?fields=points", "GET", "escaped")),
        request("path-encoding-decoded", "path-encoding", "bad-signature", "GET", encoded,
                signed_text=text(NOW, empty, urllib.parse.unquote(encoded), "GET", "escaped")),
        request("path-encoding-escape-case", "path-encoding", "bad-signature", "GET", lower_escape,
                signed_text=text(NOW, empty, "/acme/client/players/a%2Fb", "GET", "escaped")),
        request("method-case-lower", "method-case", "bad-signature", "POST", EVENTS, MAGIC, key="demo-admin",
                signed_text=text(NOW, md5_magic, EVENTS, "post", "escaped")),
        request("content-md5-hex", "content-md5-hex", "content-md5-mismatch", "POST", EVENTS, MAGIC,
                key="demo-admin", content_md5=hashlib.md5(MAGIC).hexdigest()),
        request("content-md5-empty-body", "content-md5-empty-body", "content-md5-mismatch", "POST", EVENTS, MAGIC,
                key="demo-admin", content_md5=EMPTY_MD5),
        request("secret-trailing-newline", "secret-trailing-newline", "bad-signature", "GET", PLAYER,
                secret=KEYS["demo-client"] + "\n"),
        request("signature-uppercase", "signature-uppercase", "bad-signature", "GET", PLAYER,
                signature_case=str.upper),
        request("clock-skew-ahead", "clock-skew", "date-outside-window", "GET", PLAYER,
                date="20270115 08:05:00 UTC", offset=300),
        request("clock-skew-behind", "clock-skew", "date-outside-window", "POST", EVENTS, MAGIC, key="demo-admin",
                date="20270115 07:58:00 UTC", offset=-120),
        request("wrong-key-type", "wrong-key-type", "wrong-key-type", "POST", EVENTS, MAGIC, key="demo-client",
                route_roles=["admin"]),
        request("unknown-wrong-secret", "unknown", "bad-signature", "GET", PLAYER, secret="not-the-secret"),
        request("unknown-content-md5", "unknown", "content-md5-mismatch", "POST", EVENTS, MAGIC, key="demo-admin",
                content_md5=md5_base64(b"another body")),
    ]


def document():
    return {
        "scheme": "gamesystem-hmac-sha1-diagnosis",
        "description": (
            "Diagnosis of refused GameSystem requests. Each vector is a request signed with one known "
            "client mistake (or a wrong secret: 'unknown'), sent to a verifier with the given keys, clock "
            "('now'), window and separator. Expected: the first failing check ('error'), the mistake's "
            "identifier ('likely_cause'), the string the server expected to be signed, and for clock skew "
            "the request's Date minus 'now' in seconds. A vector with 'route_roles' is valid but signed with a key whose role "
            "('roles') the route does not accept: wrong-key-type. Uses the reference server's demo keys and routes, "
            "so the requests can be replayed against it. Produced by Vectors/diagnosis.py (Python "
            "hashlib/hmac), which shares no code with the library."
        ),
        "vectors": vectors(),
    }
