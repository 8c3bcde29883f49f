#!/usr/bin/env python3
"""Independent oracle for Signet's test vectors.

This script shares no code with the Swift library. It holds the inputs of every
GameSystem signing and verification vector, computes their expected values with
Python's hashlib, hmac and base64, and writes

    Vectors/gamesystem-signing.json
    Vectors/gamesystem-verify.json
    Vectors/gamesystem-diagnosis.json   (inputs in diagnosis.py)

Usage:
    python3 Vectors/generate.py           (re)write the two GameSystem files
    python3 Vectors/generate.py --check   regenerate in memory and compare byte for
                                          byte with the files on disk; also recompute
                                          every expected value in the four RFC files
                                          (md5-rfc1321, sha1-rfc3174, hmac-sha1-rfc2202,
                                          base64-rfc4648), whose values are typed in
                                          from the published documents.

CI runs `--check`: it exits 1 and names file, vector and field for every
difference, so a committed vector can only change together with this script.
The Swift test suite and `signet vectors check` then run the same files through
the library.

Python 3.11 standard library only.
"""

import base64
import datetime
import hashlib
import hmac
import json
import os
import re
import sys

import diagnosis

VECTOR_DIR = os.path.dirname(os.path.abspath(__file__))
SIGNING_FILE = "gamesystem-signing.json"
VERIFY_FILE = "gamesystem-verify.json"

# The four RFC files and how many vectors each must hold.
RFC_FILES = {
    "md5-rfc1321.json": 7,
    "sha1-rfc3174.json": 4,
    "hmac-sha1-rfc2202.json": 7,
    "base64-rfc4648.json": 7,
}

SEPARATORS = {"escaped": "\\n", "newline": "\n"}  # backslash + n, or a real newline
DATE_PATTERN = re.compile(
    r"([0-9]{4})([0-9]{2})([0-9]{2}) ([0-9]{2}):([0-9]{2}):([0-9]{2}) UTC"
)


# ---------------------------------------------------------------------------
# The scheme
# ---------------------------------------------------------------------------

def content_md5(body: bytes) -> str:
    """base64 (standard, padded) of MD5(body)."""
    return base64.b64encode(hashlib.md5(body).digest()).decode("ascii")


def signed_path(target: str) -> str:
    """target up to the first '?' or '#', unchanged otherwise; '/' if empty."""
    cut = len(target)
    for mark in ("?", "#"):
        index = target.find(mark)
        if index != -1:
            cut = min(cut, index)
    return target[:cut] or "/"


def sign(method, target, body, date, api_key, secret, separator="escaped"):
    """Expected values of one signing vector."""
    sep = SEPARATORS[separator]
    md5 = content_md5(body)
    text = sep.join([date, md5, signed_path(target), method.upper()])
    signature = hmac.new(
        secret.encode("utf-8"), text.encode("utf-8"), hashlib.sha1
    ).hexdigest()
    return {
        "content_md5": md5,
        "string_to_sign": text,
        "signature": signature,
        "authorization": api_key + ":" + signature,
    }


def parse_date(text):
    """datetime for 'yyyyMMdd HH:mm:ss UTC', or None when malformed."""
    match = DATE_PATTERN.fullmatch(text)
    if match is None:
        return None
    try:
        return datetime.datetime(
            *(int(part) for part in match.groups()), tzinfo=datetime.timezone.utc
        )
    except ValueError:  # month 13, Feb 30, hour 24, ...
        return None


def verify(method, target, body, headers, now, keys, max_skew_seconds):
    """None when valid, else the name of the first failing check."""
    fields = {name.lower(): value for name, value in headers.items()}
    if any(name not in fields for name in ("date", "content-md5", "authorization")):
        return "missing-header"
    authorization = fields["authorization"]
    colon = authorization.rfind(":")
    if colon == -1:
        return "malformed-authorization"
    api_key = authorization[:colon].rstrip(" ")
    signature = authorization[colon + 1:].lstrip(" ")
    if not api_key or not signature:
        return "malformed-authorization"
    if api_key not in keys:
        return "unknown-key"
    date = parse_date(fields["date"])
    if date is None:
        return "malformed-date"
    current = parse_date(now)
    if current is None:
        raise ValueError("vector 'now' is malformed: " + now)
    if abs((current - date).total_seconds()) > max_skew_seconds:
        return "date-outside-window"
    if fields["content-md5"] != content_md5(body):
        return "content-md5-mismatch"
    expected = sign(method, target, body, fields["date"], api_key, keys[api_key])
    if not hmac.compare_digest(signature.encode("utf-8"), expected["signature"].encode("ascii")):
        return "bad-signature"
    return None


# ---------------------------------------------------------------------------
# Inputs
# ---------------------------------------------------------------------------

DATE = "20180204 10:00:00 UTC"
PLAYER = "/acme/client/players/ann"
EVENTS = "/acme/admin/player_external_events"
MAGIC = b'{"player":"ann","external_event_id":"Magic"}'
RAINBOW = b'{"player":"ann","external_event_id":"Rainbow"}'
AVATAR = b'{"avatar":{"Top":2}}'


def pseudo_random_bytes(count, label):
    """Deterministic bytes: SHA-256 in counter mode over label."""
    out = bytearray()
    counter = 0
    while len(out) < count:
        out += hashlib.sha256(label + counter.to_bytes(8, "big")).digest()
        counter += 1
    return bytes(out[:count])


def signing_inputs():
    """(name, method, target, body, date, api_key, secret, separator or None)."""
    def v(name, method, target, body=b"", date=DATE, api_key="KEY",
          secret="secret", separator="escaped"):
        return (name, method, target, body, date, api_key, secret, separator)

    return [
        v("get-player", "GET", PLAYER),
        v("post-empty-body", "POST", EVENTS, api_key="ADMIN_KEY", secret="admin-secret"),
        v("post-external-event-magic", "POST", EVENTS, MAGIC,
          api_key="ADMIN_KEY", secret="admin-secret"),
        v("post-external-event-rainbow", "POST", EVENTS, RAINBOW,
          api_key="ADMIN_KEY", secret="admin-secret"),
        v("put-avatar-top", "PUT", PLAYER, AVATAR),
        v("get-avatar-components", "GET", "/acme/client/avatar_components"),
        v("lowercase-method-post", "post", EVENTS, MAGIC),
        v("mixed-case-method-put", "Put", PLAYER, AVATAR),
        v("delete-method", "DELETE", "/acme/client/players/ann/achievements/7"),
        v("patch-method", "PATCH", PLAYER, b'{"nickname":"Annie"}'),
        v("target-with-query", "GET", PLAYER + "?include=achievements&page=2"),
        v("target-with-fragment", "GET", PLAYER + "#avatar"),
        v("target-with-query-and-fragment", "GET", PLAYER + "?page=2#avatar"),
        v("target-fragment-containing-question-mark", "GET", PLAYER + "#top?x=1"),
        v("percent-encoded-path", "GET", "/acme/client/players/ann%20lee"),
        v("percent-encoded-question-mark-kept", "GET", "/acme/client/players/ann%3Fx"),
        v("path-trailing-slash-kept", "GET", PLAYER + "/"),
        v("path-double-slashes-kept", "GET", "//acme//client/players/ann"),
        v("empty-target-signs-root", "GET", ""),
        v("target-only-query-signs-root", "GET", "?x=1"),
        v("target-only-fragment-signs-root", "GET", "#top"),
        v("unicode-secret", "GET", PLAYER, secret="sécret-🔑"),
        v("unicode-body", "PUT", PLAYER,
          '{"nickname":"Zoë Ångström 🎮","motto":"日本語"}'.encode("utf-8")),
        v("empty-secret", "GET", PLAYER, secret=""),
        v("secret-63-bytes", "GET", PLAYER, secret="s" * 63),
        v("secret-64-bytes", "GET", PLAYER, secret="0123456789abcdef" * 4),
        v("secret-64-utf8-bytes-32-characters", "GET", PLAYER, secret="é" * 32),
        v("secret-65-bytes", "GET", PLAYER, secret="0123456789abcdef" * 4 + "!"),
        v("secret-130-bytes", "GET", PLAYER, secret="long-secret-" * 10 + "0123456789"),
        v("binary-body-nul-and-high-bytes", "POST", EVENTS,
          b"\x00\x00" + bytes(range(256)) + b"\xff\xfe\x00", api_key="ADMIN_KEY",
          secret="admin-secret"),
        v("body-55-bytes", "POST", EVENTS, b"x" * 55),
        v("body-56-bytes", "POST", EVENTS, b"x" * 56),
        v("body-64-bytes", "POST", EVENTS, b"x" * 64),
        v("body-1-mib-plus-7-bytes", "PUT", "/acme/client/players/ann/upload",
          pseudo_random_bytes(1024 * 1024 + 7, b"signet-vector-body-1-mib-plus-7")),
        v("whitespace-only-body", "POST", EVENTS, b" \t\r\n "),
        v("newline-separator-get-player", "GET", PLAYER, separator="newline"),
        v("newline-separator-post-magic", "POST", EVENTS, MAGIC,
          api_key="ADMIN_KEY", secret="admin-secret", separator="newline"),
        v("api-key-with-colons", "GET", PLAYER, api_key="k:e:y"),
        v("leap-day-date", "GET", PLAYER, date="20240229 23:59:59 UTC"),
        v("date-1999-12-31", "GET", PLAYER, date="19991231 23:59:59 UTC"),
        v("date-unix-epoch", "GET", PLAYER, date="19700101 00:00:00 UTC"),
        v("separator-omitted-get-player", "GET", PLAYER, separator=None),
        v("separator-omitted-post-rainbow", "POST", EVENTS, RAINBOW,
          api_key="ADMIN_KEY", secret="admin-secret", separator=None),
    ]


def headers_for(method, target, body, date, api_key, secret, separator="escaped"):
    """The headers a signer sends."""
    expected = sign(method, target, body, date, api_key, secret, separator)
    return {
        "Date": date,
        "Content-MD5": expected["content_md5"],
        "Authorization": expected["authorization"],
        "Content-Type": "application/json",
    }


def verify_inputs():
    """Verify vectors, each with the error its author intends (checked by verify())."""
    keys = {"KEY": "secret"}
    vectors = []

    def v(name, intended, headers, method="GET", target=PLAYER, body=b"",
          now=DATE, keys=keys, max_skew_seconds=20):
        vectors.append({
            "name": name, "intended": intended, "method": method, "target": target,
            "body": body, "headers": headers, "now": now, "keys": keys,
            "max_skew_seconds": max_skew_seconds,
        })

    def signed(method="GET", target=PLAYER, body=b"", date=DATE, api_key="KEY",
               secret="secret", separator="escaped"):
        return headers_for(method, target, body, date, api_key, secret, separator)

    def without(headers, name):
        return {k: v for k, v in headers.items() if k != name}

    def renamed(headers, mapping):
        return {mapping.get(k, k): v for k, v in headers.items()}

    def with_auth(headers, value):
        return dict(headers, Authorization=value)

    base = signed()
    sig = base["Authorization"].split(":", 1)[1]

    # valid requests
    v("valid-get-player", None, base)
    v("valid-post-external-event-magic", None,
      signed("POST", EVENTS, MAGIC, api_key="ADMIN_KEY", secret="admin-secret"),
      method="POST", target=EVENTS, body=MAGIC,
      keys={"KEY": "secret", "ADMIN_KEY": "admin-secret"})
    v("valid-put-avatar", None, signed("PUT", PLAYER, AVATAR), method="PUT", body=AVATAR)
    v("valid-lowercase-header-names", None,
      {k.lower(): value for k, value in base.items()})
    v("valid-mixed-case-header-names", None,
      renamed(base, {"Date": "dAtE", "Content-MD5": "CONTENT-md5",
                     "Authorization": "AUTHORIZATION"}))
    v("valid-authorization-spaces-around-colon", None, with_auth(base, "KEY : " + sig))
    key_colons = signed(api_key="k:e:y", secret="colon-secret")
    v("valid-api-key-with-colons", None, key_colons, keys={"k:e:y": "colon-secret"})
    v("valid-query-string-not-signed", None, signed(target=PLAYER + "?page=2"),
      target=PLAYER + "?page=2")
    v("valid-signed-without-query-sent-with-query", None, base, target=PLAYER + "?page=2")
    v("valid-percent-encoded-path", None, signed(target="/acme/client/players/ann%20lee"),
      target="/acme/client/players/ann%20lee")
    binary = b"\x00\x01\x02\xff\xfe\x00\x80"
    v("valid-binary-body", None, signed("POST", EVENTS, binary), method="POST",
      target=EVENTS, body=binary)
    v("valid-unicode-secret", None, signed(secret="sécret-🔑"), keys={"KEY": "sécret-🔑"})
    v("valid-leap-day", None, signed(date="20240229 12:00:00 UTC"),
      now="20240229 12:00:05 UTC")
    v("valid-several-keys-in-store", None,
      signed("POST", EVENTS, RAINBOW, api_key="ADMIN_KEY", secret="admin-secret"),
      method="POST", target=EVENTS, body=RAINBOW,
      keys={"CLIENT_KEY": "client-secret", "ADMIN_KEY": "admin-secret", "KEY": "secret"})

    # missing-header
    v("missing-date", "missing-header", without(base, "Date"))
    v("missing-content-md5", "missing-header", without(base, "Content-MD5"))
    v("missing-authorization", "missing-header", without(base, "Authorization"))

    # malformed-authorization
    v("malformed-authorization-no-colon", "malformed-authorization",
      with_auth(base, "KEY " + sig))
    v("malformed-authorization-empty-key", "malformed-authorization",
      with_auth(base, ":" + sig))
    v("malformed-authorization-blank-key", "malformed-authorization",
      with_auth(base, " : " + sig))
    v("malformed-authorization-empty-signature", "malformed-authorization",
      with_auth(base, "KEY:"))
    v("malformed-authorization-blank-signature", "malformed-authorization",
      with_auth(base, "KEY : "))

    # unknown-key
    v("unknown-key", "unknown-key", base, keys={"OTHER_KEY": "secret"})
    v("unknown-key-case-differs", "unknown-key", with_auth(base, "key:" + sig))
    v("unknown-key-empty-store", "unknown-key", base, keys={})

    # malformed-date (each signed over its own Date, so only the date check fails)
    for name, date in [
        ("malformed-date-garbage", "yesterday at ten"),
        ("malformed-date-http-date", "Sun, 04 Feb 2018 10:00:00 GMT"),
        ("malformed-date-month-13", "20181304 10:00:00 UTC"),
        ("malformed-date-feb-30-non-leap-year", "20190230 10:00:00 UTC"),
        ("malformed-date-feb-29-non-leap-year", "20180229 10:00:00 UTC"),
        ("malformed-date-hour-24", "20180204 24:00:00 UTC"),
        ("malformed-date-missing-utc", "20180204 10:00:00"),
        ("malformed-date-lowercase-utc", "20180204 10:00:00 utc"),
        ("malformed-date-iso-dashes", "2018-02-04 10:00:00 UTC"),
        ("malformed-date-empty", ""),
    ]:
        v(name, "malformed-date", signed(date=date))

    # date-outside-window (window boundaries, max_skew_seconds 20 unless stated)
    v("valid-date-20-seconds-past", None, signed(date="20180204 09:59:40 UTC"))
    v("date-21-seconds-past", "date-outside-window", signed(date="20180204 09:59:39 UTC"))
    v("valid-date-20-seconds-future", None, signed(date="20180204 10:00:20 UTC"))
    v("date-21-seconds-future", "date-outside-window", signed(date="20180204 10:00:21 UTC"))
    v("valid-date-300-seconds-past-skew-300", None, signed(date="20180204 09:55:00 UTC"),
      max_skew_seconds=300)
    v("date-301-seconds-past-skew-300", "date-outside-window",
      signed(date="20180204 09:54:59 UTC"), max_skew_seconds=300)
    v("date-one-day-past", "date-outside-window", signed(date="20180203 10:00:00 UTC"))
    v("date-across-midnight-and-year-valid", None, signed(date="20181231 23:59:50 UTC"),
      now="20190101 00:00:05 UTC")

    # content-md5-mismatch
    v("content-md5-mismatch-tampered-body", "content-md5-mismatch",
      signed("POST", EVENTS, MAGIC), method="POST", target=EVENTS, body=RAINBOW)
    v("content-md5-mismatch-body-added", "content-md5-mismatch", base, body=b"{}")
    v("content-md5-mismatch-hex-instead-of-base64", "content-md5-mismatch",
      dict(base, **{"Content-MD5": hashlib.md5(b"").hexdigest()}))

    # bad-signature
    v("bad-signature-wrong-secret", "bad-signature", signed(secret="not-the-secret"))
    v("bad-signature-uppercase-hex", "bad-signature", with_auth(base, "KEY:" + sig.upper()))
    v("bad-signature-truncated", "bad-signature", with_auth(base, "KEY:" + sig[:-1]))
    v("bad-signature-newline-separator", "bad-signature", signed(separator="newline"))
    v("bad-signature-method-changed", "bad-signature", base, method="DELETE")
    v("bad-signature-path-changed", "bad-signature", base, target="/acme/client/players/bob")
    v("bad-signature-other-keys-secret", "bad-signature",
      signed(api_key="CLIENT_KEY", secret="admin-secret"),
      keys={"CLIENT_KEY": "client-secret", "ADMIN_KEY": "admin-secret"})

    # several failures at once: the first check in order is reported
    v("order-missing-header-before-malformed-authorization", "missing-header",
      without(with_auth(base, "no-colon-here"), "Date"))
    v("order-malformed-authorization-before-malformed-date", "malformed-authorization",
      with_auth(signed(date="garbage"), "KEY"))
    v("order-unknown-key-before-malformed-date", "unknown-key",
      signed(date="20181304 10:00:00 UTC", api_key="NOBODY"))
    v("order-malformed-date-before-content-md5-mismatch", "malformed-date",
      signed("POST", EVENTS, MAGIC, date="Sun, 04 Feb 2018 10:00:00 GMT"),
      method="POST", target=EVENTS, body=RAINBOW)
    v("order-date-outside-window-before-bad-signature", "date-outside-window",
      signed(date="20180204 09:00:00 UTC", secret="not-the-secret"))
    v("order-content-md5-mismatch-before-bad-signature", "content-md5-mismatch",
      signed("POST", EVENTS, MAGIC, secret="not-the-secret"),
      method="POST", target=EVENTS, body=RAINBOW)
    return vectors


# ---------------------------------------------------------------------------
# Documents
# ---------------------------------------------------------------------------

def b64(data):
    return base64.b64encode(data).decode("ascii")


def signing_document():
    vectors = []
    names = set()
    for name, method, target, body, date, api_key, secret, separator in signing_inputs():
        if name in names:
            raise ValueError("duplicate signing vector name: " + name)
        names.add(name)
        if parse_date(date) is None:
            raise ValueError(name + ": date is malformed")
        vector = {"name": name, "method": method, "target": target,
                  "body_base64": b64(body), "date": date, "api_key": api_key,
                  "secret": secret}
        if separator is not None:
            vector["separator"] = separator
        vector["expected"] = sign(method, target, body, date, api_key, secret,
                                  separator or "escaped")
        vectors.append(vector)
    return {
        "scheme": "gamesystem-hmac-sha1",
        "description": (
            "GameSystem request signing. content_md5 = base64(MD5(body)); string_to_sign = "
            "date, content_md5, path and the uppercased method joined by the separator, where "
            "path is the target up to its first '?' or '#' (percent-encoding kept; '/' when "
            "empty) and the separator is the two characters backslash and n ('escaped', the "
            "default when 'separator' is absent) or a real newline ('newline'); signature = "
            "lowercase hex HMAC-SHA1(key: UTF-8 of secret, message: UTF-8 of string_to_sign); "
            "authorization = api_key + ':' + signature. Produced by Vectors/generate.py "
            "(Python hashlib/hmac), which shares no code with the library."
        ),
        "vectors": vectors,
    }


def verify_document():
    vectors = []
    names = set()
    for item in verify_inputs():
        name = item["name"]
        if name in names:
            raise ValueError("duplicate verify vector name: " + name)
        names.add(name)
        error = verify(item["method"], item["target"], item["body"], item["headers"],
                       item["now"], item["keys"], item["max_skew_seconds"])
        if error != item["intended"]:
            raise ValueError("%s: oracle says %r, the vector intends %r"
                             % (name, error, item["intended"]))
        vectors.append({
            "name": name, "method": item["method"], "target": item["target"],
            "body_base64": b64(item["body"]), "headers": item["headers"],
            "now": item["now"], "keys": item["keys"],
            "max_skew_seconds": item["max_skew_seconds"],
            "expected": {"valid": True} if error is None else {"valid": False, "error": error},
        })
    return {
        "scheme": "gamesystem-hmac-sha1-verify",
        "description": (
            "GameSystem request verification. Checks run in this order and the FIRST failing "
            "one is the expected error: missing-header (Date, Content-MD5 or Authorization "
            "absent; names case-insensitive) -> malformed-authorization (split at the last "
            "colon, spaces around it accepted; no colon, empty key or empty signature) -> "
            "unknown-key (not in 'keys') -> malformed-date (not 'yyyyMMdd HH:mm:ss UTC' or not "
            "a real calendar time) -> date-outside-window (|now - Date| > max_skew_seconds; "
            "exactly equal is valid) -> content-md5-mismatch (header differs from base64 MD5 "
            "of the body) -> bad-signature (lowercase hex compared exactly; signed text always "
            "uses the escaped backslash-n separator; the query and fragment of 'target' are "
            "not signed). Headers were built by signing and then mutated. Produced by "
            "Vectors/generate.py (Python hashlib/hmac), which shares no code with the library."
        ),
        "vectors": vectors,
    }


def render(document):
    return (json.dumps(document, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


# ---------------------------------------------------------------------------
# Checking
# ---------------------------------------------------------------------------

class Report:
    def __init__(self):
        self.files = 0
        self.vectors = 0
        self.differences = 0

    def differ(self, file, vector, field, detail=""):
        self.differences += 1
        where = file if vector == "-" else "%s: %s" % (file, vector)
        line = "%s: %s differs" % (where, field)
        print(line + (" (" + detail + ")" if detail else ""))


def compare_generated(report, file, document):
    wanted = render(document)
    path = os.path.join(VECTOR_DIR, file)
    try:
        with open(path, "rb") as handle:
            actual = handle.read()
    except OSError as error:
        report.differ(file, "-", "file", "cannot read: %s" % error.strerror)
        return
    report.files += 1
    report.vectors += len(document["vectors"])
    if actual == wanted:
        return
    try:
        on_disk = json.loads(actual.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as error:
        report.differ(file, "-", "file", "not valid JSON: %s" % error)
        return
    before = report.differences
    if not isinstance(on_disk, dict):
        report.differ(file, "-", "document", "not a JSON object")
        return
    for field in ("scheme", "description"):
        if on_disk.get(field) != document[field]:
            report.differ(file, "-", field)
    disk_vectors = on_disk.get("vectors")
    if not isinstance(disk_vectors, list):
        report.differ(file, "-", "vectors", "not a list")
        return
    by_name = {}
    for vector in disk_vectors:
        if isinstance(vector, dict):
            by_name.setdefault(vector.get("name"), vector)
    for vector in document["vectors"]:
        name = vector["name"]
        found = by_name.pop(name, None)
        if found is None:
            report.differ(file, name, "vector", "missing on disk")
            continue
        for field in sorted(set(vector) | set(found)):
            mine, theirs = vector.get(field), found.get(field)
            if isinstance(mine, dict) and isinstance(theirs, dict):
                for sub in sorted(set(mine) | set(theirs)):
                    if mine.get(sub) != theirs.get(sub):
                        report.differ(file, name, field + "." + sub)
            elif mine != theirs:
                report.differ(file, name, field)
    for name in by_name:
        report.differ(file, name, "vector", "on disk but not generated")
    if report.differences == before:
        if [v.get("name") for v in disk_vectors if isinstance(v, dict)] != \
                [v["name"] for v in document["vectors"]]:
            report.differ(file, "-", "vector order")
        else:
            report.differ(file, "-", "bytes", "same content, different formatting")


def ascii_input(vector):
    return vector["input_ascii"].encode("ascii") * vector.get("repeat", 1)


def check_md5(vector):
    return {"expected_hex": hashlib.md5(ascii_input(vector)).hexdigest()}


def check_sha1(vector):
    return {"expected_hex": hashlib.sha1(ascii_input(vector)).hexdigest()}


def check_hmac(vector):
    full = hmac.new(bytes.fromhex(vector["key_hex"]), bytes.fromhex(vector["data_hex"]),
                    hashlib.sha1).hexdigest()
    if "truncate_bytes" in vector:
        return {"expected_hex": full[: 2 * vector["truncate_bytes"]],
                "expected_full_hex": full}
    return {"expected_hex": full}


def check_base64(vector):
    return {"expected": base64.b64encode(ascii_input(vector)).decode("ascii")}


RFC_CHECKS = {
    "md5": check_md5,
    "sha1": check_sha1,
    "hmac-sha1": check_hmac,
    "base64": check_base64,
}


def check_rfc_file(report, file, count):
    path = os.path.join(VECTOR_DIR, file)
    try:
        with open(path, "rb") as handle:
            raw = handle.read()
    except OSError as error:
        report.differ(file, "-", "file", "cannot read: %s" % error.strerror)
        return
    report.files += 1
    try:
        document = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as error:
        report.differ(file, "-", "file", "not valid JSON: %s" % error)
        return
    check = RFC_CHECKS.get(document.get("scheme")) if isinstance(document, dict) else None
    if check is None:
        report.differ(file, "-", "scheme", "unknown or missing")
        return
    for field in ("description", "source"):
        if not isinstance(document.get(field), str) or not document[field]:
            report.differ(file, "-", field, "missing")
    vectors = document.get("vectors")
    if not isinstance(vectors, list):
        report.differ(file, "-", "vectors", "not a list")
        return
    report.vectors += len(vectors)
    if len(vectors) != count:
        report.differ(file, "-", "vectors", "%d vectors, expected %d" % (len(vectors), count))
    names = set()
    for index, vector in enumerate(vectors):
        name = vector.get("name", "#%d" % index) if isinstance(vector, dict) else "#%d" % index
        if name in names:
            report.differ(file, name, "name", "duplicate")
        names.add(name)
        try:
            computed = check(vector)
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            report.differ(file, name, "inputs", "cannot compute: %r" % error)
            continue
        for field, value in computed.items():
            if vector.get(field) != value:
                report.differ(file, name, field, "computed %s" % value)


def main(argv):
    if argv not in ([], ["--check"]):
        print("usage: python3 Vectors/generate.py [--check]", file=sys.stderr)
        return 2
    documents = [(SIGNING_FILE, signing_document()), (VERIFY_FILE, verify_document()),
                 (diagnosis.FILE, diagnosis.document())]
    if not argv:
        for file, document in documents:
            with open(os.path.join(VECTOR_DIR, file), "wb") as handle:
                handle.write(render(document))
            print("wrote %s (%d vectors)" % (file, len(document["vectors"])))
        return 0
    report = Report()
    for file, document in documents:
        compare_generated(report, file, document)
    for file, count in RFC_FILES.items():
        check_rfc_file(report, file, count)
    print("vectors: %d files, %d vectors, %d differences"
          % (report.files, report.vectors, report.differences))
    return 1 if report.differences else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
