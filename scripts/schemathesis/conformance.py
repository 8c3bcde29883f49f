"""Sends the reference server the requests a fuzzer does not make on its own, and checks every answer
against docs/openapi.yaml: status documented for the operation, Content-Type, required headers, body
schema. Then it checks that the run saw every documented answer of every operation (those the server
cannot be driven to here are listed with the reason) and every `likely_cause` of a diagnosis.

    python3 conformance.py docs/openapi.yaml http://127.0.0.1:PORT [--newline-separator-url URL]

The second server, started with `--separator newline`, is the one that can answer `separator-escaped`.
Prints one line per failure and ends with `N passed, M failed`; exits 1 when anything failed.
"""

import argparse
import datetime
import json
import os
import re
import socket
import sys
import time
import urllib.parse
import uuid

import jsonschema
import referencing
import referencing.jsonschema
import requests
import yaml

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import property_lists  # noqa: E402
from gamesystem_signing import (  # noqa: E402
    ADMIN, CLIENT, SAFE_METHODS, DistinctDates, content_md5, plain_text, signature, signed_path, signing_date,
)

DOCUMENT_URI = "urn:signet:openapi"
METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")

# Documented answers the reference server cannot be driven to from outside, and why.
UNREACHABLE = {
    ("postExternalEvent", "409"): "in memory the server applies an event and its idempotency record in one "
                                  "step; with --postgres only a rare race between two requests shows it",
    ("getPlayer", "503"): "only with --postgres, when the database cannot be reached",
    ("postExternalEvent", "503"): "needs 100,000 live replay or idempotency records (or, with --postgres, "
                                  "a database that cannot be reached)",
    ("updatePlayerAvatar", "503"): "needs 100,000 state-changing requests inside one 20 s window",
    ("signedEchoPost", "503"): "needs 100,000 state-changing requests inside one 20 s window",
    ("signedEchoPut", "503"): "needs 100,000 state-changing requests inside one 20 s window",
}


class Document:
    def __init__(self, path):
        with open(path, encoding="utf-8") as handle:
            self.raw = yaml.safe_load(handle)
        resource = referencing.Resource.from_contents(
            self.raw, default_specification=referencing.jsonschema.DRAFT202012)
        self.registry = referencing.Registry().with_resource(DOCUMENT_URI, resource)
        self.operations = {}
        for template, item in self.raw["paths"].items():
            for method in METHODS:
                if method in item:
                    self.operations[item[method]["operationId"]] = (template, method, item[method])

    def resolve(self, node, pointer):
        """Follows a local $ref; returns the node and its JSON pointer."""
        while isinstance(node, dict) and "$ref" in node:
            pointer = node["$ref"][1:]
            node = self.raw
            for part in pointer.strip("/").split("/"):
                node = node[part.replace("~1", "/").replace("~0", "~")]
        return node, pointer

    def validator(self, pointer):
        return jsonschema.Draft202012Validator(
            {"$ref": f"{DOCUMENT_URI}#{pointer}"}, registry=self.registry,
            format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER)


def escape(part):
    return part.replace("~", "~0").replace("/", "~1")


class Run:
    def __init__(self, document, base_url, newline_url):
        self.doc = document
        self.base = base_url.rstrip("/")
        self.newline_base = newline_url.rstrip("/") if newline_url else None
        self.passed = 0
        self.failed = 0
        self.seen = set()
        self.causes = set()
        self.session = requests.Session()
        self.dates = DistinctDates()

    # -- checking -------------------------------------------------------------------------------------

    def fail(self, name, message):
        self.failed += 1
        print(f"FAIL {name}: {message}")

    def check(self, name, operation_id, status, headers, body, expect_status=None, expect=None):
        """Checks one answer against the document (and the test's own expectations)."""
        template, method, operation = self.doc.operations[operation_id]
        op_pointer = f"/paths/{escape(template)}/{method}"
        problems = []
        if expect_status is not None and status != expect_status:
            problems.append(f"status {status}, expected {expect_status}; body {body[:300]!r}")
        # Every answer carries exactly one Date and at most one Content-Type (repeated fields arrive joined by ", ").
        if headers.get("Date", "").count("GMT") != 1:
            problems.append(f"not exactly one HTTP Date header: {headers.get('Date')!r}")
        if "," in headers.get("Content-Type", ""):
            problems.append(f"more than one Content-Type: {headers.get('Content-Type')!r}")
        key = str(status)
        responses = operation["responses"]
        if key not in responses:
            key = f"{key[0]}XX"
        if key not in responses:
            key = "default" if "default" in responses else None
        if key is None:
            problems.append(f"status {status} is not documented for {operation_id}")
        else:
            self.seen.add((operation_id, key))
            spec, pointer = self.doc.resolve(responses[key], f"{op_pointer}/responses/{key}")
            for header, header_spec in (spec.get("headers") or {}).items():
                header_spec, _ = self.doc.resolve(header_spec, "")
                if header_spec.get("required") and header.lower() not in {h.lower() for h in headers}:
                    problems.append(f"required header {header} is missing")
            content = spec.get("content")
            content_type = headers.get("Content-Type")
            if content and method != "head":
                essence = (content_type or "").split(";")[0].strip().lower()
                if essence not in content:
                    problems.append(f"Content-Type {content_type!r} is not documented ({', '.join(content)})")
                elif essence.endswith("json") or operation_id == "listWorlds":
                    try:
                        value = json.loads(body) if essence.endswith("json") else property_lists.parse(body, essence)
                    except ValueError as error:
                        problems.append(f"the body does not parse as {essence}: {error}")
                    else:
                        schema_pointer = f"{pointer}/content/{escape(essence)}/schema"
                        for error in self.doc.validator(schema_pointer).iter_errors(value):
                            path = "$" + "".join(f"[{p!r}]" for p in error.absolute_path)
                            problems.append(f"schema: at {path}: {error.message}")
                        if isinstance(value, dict) and isinstance(value.get("diagnosis"), dict):
                            self.causes.add(value["diagnosis"].get("likely_cause"))
                        if expect is not None and not problems:
                            problem = expect(value if essence.endswith("json") else body)
                            if problem:
                                problems.append(problem)
            elif expect is not None and not problems and method != "head":
                problem = expect(body)
                if problem:
                    problems.append(problem)
            if not content and body and method != "head" and status != 101:
                problems.append(f"the document says no body, the server sent {len(body)} bytes")
        if problems:
            for problem in problems:
                self.fail(name, problem)
        else:
            self.passed += 1

    def send(self, name, operation_id, method, target, *, base=None, body=b"", headers=None,
             expect_status=None, expect=None):
        response = self.session.request(method, (base or self.base) + target, data=body,
                                        headers=headers or {}, allow_redirects=False, timeout=30)
        self.check(name, operation_id, response.status_code, response.headers, response.content,
                   expect_status, expect)
        return response

    def signed(self, name, operation_id, method, target, *, body=b"", credentials=CLIENT, date=None,
               extra=None, mistake=None, base=None, expect_status=None, expect=None):
        """Sends a signed request; `mistake` changes what is signed or sent, as a careless client would."""
        key, secret = credentials
        md5 = content_md5(body)
        # Distinct Dates keep the server's replay refusal out of the way unless a test replays on purpose.
        date = date or self.dates.pick((key, method, signed_path(target), md5), method not in SAFE_METHODS)
        sent_md5 = md5
        text = plain_text(date, md5, signed_path(target), method)
        sign_secret = secret
        if mistake == "separator-newline":
            text = plain_text(date, md5, signed_path(target), method, separator="\n")
        elif mistake == "separator-escaped":
            text = plain_text(date, md5, signed_path(target), method, separator="\\n")
        elif mistake == "query-signed":
            text = "\\n".join([date, md5, target, method.upper()])
        elif mistake == "path-encoding":
            text = plain_text(date, md5, urllib.parse.unquote(signed_path(target)), method)
        elif mistake == "method-case":
            text = "\\n".join([date, md5, signed_path(target), method.lower()])
        elif mistake == "content-md5-hex":
            sent_md5 = __import__("hashlib").md5(body).hexdigest()
            text = plain_text(date, sent_md5, signed_path(target), method)
        elif mistake == "content-md5-empty-body":
            sent_md5 = content_md5(b"")
            text = plain_text(date, sent_md5, signed_path(target), method)
        elif mistake == "content-md5-other":
            sent_md5 = content_md5(b"another body")
            text = plain_text(date, sent_md5, signed_path(target), method)
        elif mistake == "secret-trailing-newline":
            sign_secret = secret + "\n"
        elif mistake == "wrong-secret":
            sign_secret = "not-the-secret"
        mac = signature(sign_secret, text)
        if mistake == "signature-uppercase":
            mac = mac.upper()
        headers = {"Date": date, "Content-MD5": sent_md5, "Authorization": f"{key}:{mac}",
                   "Content-Type": "application/json"}
        headers.update(extra or {})
        return self.send(name, operation_id, method, target, base=base, body=body, headers=headers,
                         expect_status=expect_status, expect=expect)

    def raw(self, name, operation_id, request_head, expect_status):
        """Sends a request head over a plain socket (no body sent) and checks the status and body."""
        host, port = urllib.parse.urlsplit(self.base).hostname, urllib.parse.urlsplit(self.base).port
        with socket.create_connection((host, port), timeout=10) as connection:
            connection.sendall(request_head.encode("latin-1"))
            data = b""
            while b"\r\n\r\n" not in data:
                chunk = connection.recv(65536)
                if not chunk:
                    break
                data += chunk
            head, _, rest = data.partition(b"\r\n\r\n")
            lines = head.decode("latin-1").split("\r\n")
            status = int(lines[0].split(" ")[1])
            headers = requests.structures.CaseInsensitiveDict()
            for name, value in (line.split(": ", 1) for line in lines[1:] if ": " in line):
                headers[name] = f"{headers[name]}, {value}" if name in headers else value
            length = int(headers.get("Content-Length", "0"))
            while len(rest) < length:
                chunk = connection.recv(65536)
                if not chunk:
                    break
                rest += chunk
        self.check(name, operation_id, status, headers, rest[:length], expect_status)

    # -- the requests ---------------------------------------------------------------------------------

    def gamesystem(self):
        player = "/acme/client/players/ann"
        events = "/acme/admin/player_external_events"
        # The server ignores keys it does not know: a per-run key keeps these bodies apart from any request
        # another process (the fuzzer) signed in the same seconds, which the replay refusal would answer.
        run = uuid.uuid4().hex
        magic = f'{{"player": "ann", "external_event_id": "Magic", "run": "{run}"}}'.encode()

        def message(prefix, cause=None, offset=None):
            def expect(value):
                if not value["error_message"].startswith(prefix):
                    return f"error_message {value['error_message']!r} does not start with {prefix!r}"
                diagnosis = value.get("diagnosis")
                if cause is None and diagnosis is not None:
                    return f"unexpected diagnosis {diagnosis}"
                if cause is not None and (diagnosis or {}).get("likely_cause") != cause:
                    return f"likely_cause {(diagnosis or {}).get('likely_cause')!r}, expected {cause!r}"
                if offset is not None:
                    # The server read its clock between the signing and now: the offset it reports lies between
                    # the date's distance to now and to the moment of signing (a second either side for the whole
                    # seconds of an HTTP date). A bound on how fast the request went would measure the machine.
                    date, signed_at = offset
                    low, high = int(date.timestamp() - time.time()) - 1, int(date.timestamp() - signed_at) + 1
                    reported = diagnosis.get("clock_offset_seconds")
                    if not isinstance(reported, (int, float)) or not low <= reported <= high:
                        return f"clock_offset_seconds {reported}, expected {low} to {high}"
                return None
            return expect

        ok = {"expect_status": 200}
        self.signed("player", "getPlayer", "GET", player, **ok)
        self.signed("avatar components", "listAvatarComponents", "GET", "/acme/client/avatar_components", **ok)
        self.signed("avatar update", "updatePlayerAvatar", "PUT", player, body=f'{{"avatar": {{"Top": 102}}, "run": "{run}"}}'.encode(), **ok)
        self.signed("magic", "postExternalEvent", "POST", events, body=magic, credentials=ADMIN, **ok)
        self.signed("rainbow", "postExternalEvent", "POST", events, credentials=ADMIN,
                    body=f'{{"player": "player-7", "external_event_id": "Rainbow", "run": "{run}"}}'.encode(), expect_status=200)
        self.signed("player with an achievement", "getPlayer", "GET", "/acme/client/players/player-7",
                    expect_status=200, expect=lambda v: None if v["achievements"] else "no achievement")

        # 401: every verification failure, in the verifier's order, with and without a diagnosis.
        self.send("unsigned", "getPlayer", "GET", player, expect_status=401, expect=message("missing-header: "))
        self.send("unsigned components", "listAvatarComponents", "GET", "/acme/client/avatar_components",
                  expect_status=401, expect=message("missing-header: "))
        self.send("unsigned update", "updatePlayerAvatar", "PUT", player, body=f'{{"avatar": {{}}, "run": "{run}"}}'.encode(),
                  expect_status=401, expect=message("missing-header: "))
        date = signing_date(datetime.datetime.now(datetime.timezone.utc))
        base_headers = {"Date": date, "Content-MD5": content_md5(b"")}
        self.send("no colon", "getPlayer", "GET", player, headers={**base_headers, "Authorization": "nocolon"},
                  expect_status=401, expect=message("malformed-authorization: "))
        self.send("unknown key", "getPlayer", "GET", player,
                  headers={**base_headers, "Authorization": "nobody:" + "0" * 40},
                  expect_status=401, expect=message("unknown-key: "))
        self.send("malformed date", "getPlayer", "GET", player,
                  headers={**base_headers, "Date": "yesterday", "Authorization": "demo-client:" + "0" * 40},
                  expect_status=401, expect=message("malformed-date: "))
        signed_at = time.time()
        ahead_at = datetime.datetime.fromtimestamp(int(signed_at), datetime.timezone.utc) + datetime.timedelta(seconds=300)
        self.signed("clock ahead", "getPlayer", "GET", player, date=signing_date(ahead_at), expect_status=401,
                    expect=message("date-outside-window: ", "clock-skew", (ahead_at, signed_at)))
        signed_at = time.time()
        behind_at = datetime.datetime.fromtimestamp(int(signed_at), datetime.timezone.utc) - datetime.timedelta(seconds=120)
        self.signed("clock behind", "postExternalEvent", "POST", events, body=magic, credentials=ADMIN, date=signing_date(behind_at),
                    expect_status=401, expect=message("date-outside-window: ", "clock-skew", (behind_at, signed_at)))
        for mistake, reason, cause in [
            ("content-md5-hex", "content-md5-mismatch", "content-md5-hex"),
            ("content-md5-empty-body", "content-md5-mismatch", "content-md5-empty-body"),
            ("content-md5-other", "content-md5-mismatch", "unknown"),
            ("separator-newline", "bad-signature", "separator-newline"),
            ("method-case", "bad-signature", "method-case"),
        ]:
            self.signed(mistake, "postExternalEvent", "POST", events, body=magic, credentials=ADMIN, mistake=mistake,
                        expect_status=401, expect=message(reason + ": ", cause))
        for mistake, target, cause in [
            ("query-signed", player + "?fields=points", "query-signed"),
            ("path-encoding", "/acme/client/players/ann%20lee", "path-encoding"),
            ("secret-trailing-newline", player, "secret-trailing-newline"),
            ("signature-uppercase", player, "signature-uppercase"),
            ("wrong-secret", player, "unknown"),
        ]:
            self.signed(mistake, "getPlayer", "GET", target, mistake=mistake, expect_status=401,
                        expect=message("bad-signature: ", cause))
        if self.newline_base:
            self.signed("separator-escaped", "getPlayer", "GET", player, base=self.newline_base,
                        mistake="separator-escaped", expect_status=401,
                        expect=message("bad-signature: ", "separator-escaped"))
        self.signed("client key on the admin route", "postExternalEvent", "POST", events, body=magic,
                    credentials=CLIENT, expect_status=401, expect=message("wrong-key-type: ", "wrong-key-type"))
        self.signed("admin key on a client route", "getPlayer", "GET", player, credentials=ADMIN,
                    expect_status=401, expect=message("wrong-key-type: ", "wrong-key-type"))

        # An exact replay of an accepted state-changing request.
        date = signing_date(datetime.datetime.now(datetime.timezone.utc))
        body = f'{{"avatar": {{"Bottom": 202}}, "run": "{run}"}}'.encode()
        self.signed("PUT to be replayed", "updatePlayerAvatar", "PUT", player, body=body, date=date, expect_status=200)
        replay = self.signed("the same PUT again", "updatePlayerAvatar", "PUT", player, body=body, date=date,
                             expect_status=401, expect=message("replayed-request: "))
        if replay.headers.get("Retry-After") != "1":
            self.fail("the same PUT again", f"Retry-After {replay.headers.get('Retry-After')!r}, expected '1'")

        # Idempotency-Key: applied once, replayed with Idempotent-Replayed, refused for another request.
        key = str(uuid.uuid4())
        first = self.signed("idempotent first", "postExternalEvent", "POST", events, body=magic, credentials=ADMIN,
                            extra={"Idempotency-Key": key}, expect_status=200)
        again = self.signed("idempotent repeat", "postExternalEvent", "POST", events, body=magic, credentials=ADMIN,
                            extra={"Idempotency-Key": key}, expect_status=200)
        if again.headers.get("Idempotent-Replayed") != "true" or again.content != first.content:
            self.fail("idempotent repeat", "not answered from the first response with Idempotent-Replayed: true")
        self.signed("idempotency conflict", "postExternalEvent", "POST", events, credentials=ADMIN,
                    body=f'{{"player": "ann", "external_event_id": "Rainbow", "run": "{run}"}}'.encode(), extra={"Idempotency-Key": key},
                    expect_status=422, expect=message(f"Idempotency-Key '{key}' was already used"))
        missing = str(uuid.uuid4())
        unknown_event = f'{{"player": "ann", "external_event_id": "Sunshine", "run": "{run}"}}'.encode()
        self.signed("idempotent 404", "postExternalEvent", "POST", events, body=unknown_event, credentials=ADMIN,
                    extra={"Idempotency-Key": missing}, expect_status=404)
        stored = self.signed("idempotent 404 repeat", "postExternalEvent", "POST", events, body=unknown_event,
                             credentials=ADMIN, extra={"Idempotency-Key": missing}, expect_status=404)
        if stored.headers.get("Idempotent-Replayed") != "true":
            self.fail("idempotent 404 repeat", "a stored 404 is not marked Idempotent-Replayed: true")
        self.signed("idempotency key too long", "postExternalEvent", "POST", events, body=magic, credentials=ADMIN,
                    extra={"Idempotency-Key": "k" * 256}, expect_status=400,
                    expect=message("Idempotency-Key must be 1 to 255"))

        # 400, 404, 422 from the handlers.
        self.signed("body not JSON", "postExternalEvent", "POST", events, body=b"{" + run.encode(), credentials=ADMIN,
                    expect_status=400, expect=message("request body is not valid"))
        self.signed("avatar of the wrong type", "updatePlayerAvatar", "PUT", player, body=f'{{"avatar": {{"Top": "x"}}, "run": "{run}"}}'.encode(),
                    expect_status=400, expect=message("request body is not valid at $.avatar.Top"))
        self.signed("unknown option", "updatePlayerAvatar", "PUT", player, body=f'{{"avatar": {{"Top": 999}}, "run": "{run}"}}'.encode(),
                    expect_status=422, expect=message("$.avatar.Top: option 999 does not exist"))
        self.signed("unknown component", "updatePlayerAvatar", "PUT", player, body=f'{{"avatar": {{"Hat": 1}}, "run": "{run}"}}'.encode(),
                    expect_status=422, expect=message("$.avatar.Hat: no avatar component"))
        self.signed("unknown player", "getPlayer", "GET", "/acme/client/players/zed", expect_status=404,
                    expect=message("player 'zed' does not exist"))
        self.signed("unknown player update", "updatePlayerAvatar", "PUT", "/acme/client/players/zed",
                    body=f'{{"avatar": {{}}, "run": "{run}"}}'.encode(), expect_status=404)
        self.signed("unknown tenant", "listAvatarComponents", "GET", "/nowhere/client/avatar_components",
                    expect_status=404, expect=message("tenant 'nowhere' does not exist"))
        self.signed("unknown event", "postExternalEvent", "POST", events, credentials=ADMIN,
                    body=unknown_event, expect_status=404)

        # 413: declared too large (refused before the body is read), and streamed too large.
        for operation_id, method, target in [("getPlayer", "GET", player),
                                             ("updatePlayerAvatar", "PUT", player),
                                             ("listAvatarComponents", "GET", "/acme/client/avatar_components"),
                                             ("postExternalEvent", "POST", events),
                                             ("signedEchoGet", "GET", "/acme/client/echo")]:
            limit = (1 << 30) if "echo" in target else (1 << 20)
            self.raw(f"declared too large: {method} {target}", operation_id,
                     f"{method} {target} HTTP/1.1\r\nHost: x\r\nContent-Length: {limit + 1}\r\n"
                     "Connection: close\r\n\r\n", expect_status=413)
        self.signed("streamed too large", "postExternalEvent", "POST", events, credentials=ADMIN,
                    body=b" " * ((1 << 20) + 1), expect_status=413,
                    expect=message("request body exceeds the limit of 1048576 bytes"))

        # The signed echo.
        upload = os.urandom(70_000)
        for method, operation_id in [("GET", "signedEchoGet"), ("POST", "signedEchoPost"), ("PUT", "signedEchoPut")]:
            body = b"" if method == "GET" else upload
            self.signed(f"signed echo {method}", operation_id, method, "/acme/client/echo?x=1", body=body,
                        expect_status=200,
                        expect=lambda v, b=body: None if v["api_key"] == "demo-client" and v["body_md5"] == content_md5(b)
                        else f"unexpected summary {v}")
            self.signed(f"signed echo {method} with a status", operation_id, method, "/acme/client/echo", body=body,
                        extra={"X-Echo-Status": "299"}, expect_status=299)
            self.signed(f"signed echo {method} with a bad status", operation_id, method, "/acme/client/echo",
                        body=body, extra={"X-Echo-Status": "99"}, expect_status=400)
            self.send(f"signed echo {method} unsigned", operation_id, method, "/acme/client/echo", expect_status=401)
            for status in ("204", "302", "304", "418", "502", "503"):
                self.signed(f"signed echo {method} status {status}", operation_id, method, "/acme/client/echo",
                            body=body, extra={"X-Echo-Status": status}, expect_status=int(status))
        for method, operation_id in [("POST", "signedEchoPost"), ("PUT", "signedEchoPut")]:
            self.raw(f"declared too large: signed echo {method}", operation_id,
                     f"{method} /acme/client/echo HTTP/1.1\r\nHost: x\r\nContent-Length: {(1 << 30) + 1}\r\n"
                     "Connection: close\r\n\r\n", expect_status=413)

    def worlds(self):
        target = "/XYRALITY/WebObjects/BKLoginServer.woa/wa/worlds"
        form = {"login": "ios.test@xyrality.com", "password": "password",
                "deviceType": "iPhone15,2 - iOS 17.4", "deviceId": str(uuid.uuid4())}
        body = urllib.parse.urlencode(form).encode()
        form_type = {"Content-Type": "application/x-www-form-urlencoded"}

        def has(text):
            return lambda raw: None if text in raw else f"{text!r} not in {raw[:200]!r}"

        self.send("worlds", "listWorlds", "POST", target, body=body, headers=form_type, expect_status=200,
                  expect=has(b"allAvailableWorlds"))
        for accept, marker in [("application/x-plist", b"<plist"), ("text/xml", b"<plist"),
                               ("application/xml", b"<plist"), ("application/x-bplist", b"bplist00"),
                               ("text/x-plist", b"serverVersion"), ("text/plain;q=0.5, application/x-bplist;q=0.9",
                                                                     b"bplist00")]:
            self.send(f"worlds as {accept}", "listWorlds", "POST", target, body=body,
                      headers={**form_type, "Accept": accept}, expect_status=200, expect=has(marker))
        self.send("worlds unknown user", "listWorlds", "POST", target, expect_status=200,
                  body=urllib.parse.urlencode({**form, "password": "wrong"}).encode(), headers=form_type,
                  expect=has(b"Unknown user"))
        self.send("worlds missing parameter", "listWorlds", "POST", target, expect_status=200,
                  body=b"login=ios.test%40xyrality.com", headers=form_type, expect=has(b"Insufficient parameters."))
        self.send("worlds bad escape", "listWorlds", "POST", target, body=b"login=%zz", headers=form_type,
                  expect_status=400, expect=has(b"error"))
        self.send("worlds bad escape as XML", "listWorlds", "POST", target, body=b"login=%zz",
                  headers={**form_type, "Accept": "application/x-plist"}, expect_status=400, expect=has(b"<plist"))
        self.send("worlds too large", "listWorlds", "POST", target, body=b"a" * (64 * 1024 + 1), headers=form_type,
                  expect_status=413, expect=has(b"exceeds the limit"))

    def puzzles(self):
        self.send("capabilities", "getCapabilities", "GET", "/capabilities", expect_status=200,
                  expect=lambda v: None if {c["keyword"] for c in v} == {"horizontal", "angle"} else f"keywords {v}")
        settings = {"width": 10, "height": 10, "words": 5, "minLength": 3, "maxLength": 7,
                    "capabilities": ["horizontal", "vertical", "angle"]}
        json_type = {"Content-Type": "application/json"}
        self.send("puzzle", "createPuzzle", "POST", "/puzzle", body=json.dumps(settings).encode(), headers=json_type,
                  expect_status=200, expect=lambda v: None if len(v["words"]) == 5 else f"words {v['words']}")
        self.send("impossible puzzle", "createPuzzle", "POST", "/puzzle", headers=json_type, expect_status=422,
                  body=json.dumps({**settings, "width": 0}).encode())
        self.send("puzzle with a missing field", "createPuzzle", "POST", "/puzzle", headers=json_type,
                  body=b'{"width": 10}', expect_status=400)
        self.send("puzzle too large", "createPuzzle", "POST", "/puzzle", headers=json_type,
                  body=b" " * (64 * 1024 + 1), expect_status=413)

    def conditions(self):
        listed = self.send("conditions", "listConditions", "GET", "/conditions", expect_status=200)
        for entry in listed.json():
            self.send(f"condition {entry['_id']}", "getCondition", "GET", f"/conditions/{entry['_id']}",
                      expect_status=200)
        self.send("unknown condition", "getCondition", "GET", "/conditions/99", expect_status=404)

    def trivia(self):
        self.send("jokers", "getTriviaJokers", "GET", "/trivia/jokers?user=ann", expect_status=200,
                  expect=lambda v: None if v == {"user": "ann", "jokers": 1} else f"jokers {v}")
        self.send("jokers of someone new", "getTriviaJokers", "GET", "/trivia/jokers?user=zo%C3%AB%20%26%20co",
                  expect_status=200)
        for query, text in [("", "user: missing"), ("?user=", "user: missing"),
                            ("?user=" + "a" * 65, "user: 65 bytes, limit 64"),
                            ("?user=a%07b", "user: control characters are not allowed")]:
            for operation_id, path in [("getTriviaJokers", "/trivia/jokers"), ("playTrivia", "/trivia/play")]:
                self.send(f"{path}{query}", operation_id, "GET", path + query, expect_status=400,
                          expect=lambda v, t=text: None if v["error_message"] == t else f"{v} is not {t!r}")
        self.send("plain GET of the socket", "playTrivia", "GET", "/trivia/play?user=ann", expect_status=426)
        self.raw("WebSocket upgrade", "playTrivia",
                 "GET /trivia/play?user=conformance HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n"
                 "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                 "Sec-WebSocket-Version: 13\r\n\r\n", expect_status=101)

    def echo(self):
        summary = {"expect_status": 200}
        for method, operation_id in [("GET", "echoGet"), ("DELETE", "echoDelete")]:
            self.send(f"echo {method}", operation_id, method, "/echo?a=b", **summary)
        for method, operation_id in [("POST", "echoPost"), ("PUT", "echoPut"), ("PATCH", "echoPatch")]:
            self.send(f"echo {method}", operation_id, method, "/echo", body=b"hello",
                      headers={"Content-Type": "text/plain"}, expect_status=200,
                      expect=lambda v: None if v["body_length"] == 5 else f"summary {v}")
            self.send(f"echo {method} raw", operation_id, method, "/echo", body=b"\x00\x01",
                      headers={"X-Echo-Raw": "true", "Content-Type": "application/octet-stream"}, expect_status=200,
                      expect=lambda raw: None if raw == b"\x00\x01" else f"raw {raw!r}")
            self.send(f"echo {method} too large", operation_id, method, "/echo", body=b"a" * ((1 << 20) + 1),
                      headers={"Content-Type": "application/octet-stream"}, expect_status=413)
        self.send("echo DELETE too large", "echoDelete", "DELETE", "/echo", body=b"a" * ((1 << 20) + 1),
                  headers={"Content-Type": "application/octet-stream"}, expect_status=413)
        self.send("echo HEAD", "echoHead", "HEAD", "/echo", expect_status=200)
        self.send("echo HEAD bad status", "echoHead", "HEAD", "/echo", headers={"X-Echo-Status": "x"}, expect_status=400)
        for status in ("201", "204", "304", "307", "418", "503"):
            for method, operation_id in [("GET", "echoGet"), ("HEAD", "echoHead"), ("POST", "echoPost"),
                                         ("PUT", "echoPut"), ("PATCH", "echoPatch"), ("DELETE", "echoDelete")]:
                self.send(f"echo {method} status {status}", operation_id, method, "/echo",
                          headers={"X-Echo-Status": status}, expect_status=int(status))
        for method, operation_id in [("GET", "echoGet"), ("POST", "echoPost"), ("PUT", "echoPut"),
                                     ("PATCH", "echoPatch"), ("DELETE", "echoDelete")]:
            self.send(f"echo {method} bad status", operation_id, method, "/echo", headers={"X-Echo-Status": "600"},
                      expect_status=400)

    def unknown_route(self):
        response = self.session.get(self.base + "/no/such/route", timeout=10)
        body = response.json() if response.headers.get("Content-Type", "").startswith("application/json") else None
        if response.status_code != 404 or not body or set(body) != {"error_message"}:
            self.fail("unknown route", f"{response.status_code} {response.content[:200]!r}")
        else:
            self.passed += 1

    # -- what the run saw -----------------------------------------------------------------------------

    def coverage(self):
        for operation_id, (_, _, operation) in sorted(self.doc.operations.items()):
            for status in operation["responses"]:
                if (operation_id, status) in self.seen:
                    continue
                reason = UNREACHABLE.get((operation_id, status))
                if reason:
                    print(f"not seen (cannot be driven from outside): {operation_id} {status}: {reason}")
                else:
                    self.fail("coverage", f"{operation_id} {status} is documented but was never answered")
        causes = set(self.doc.raw["components"]["schemas"]["LikelyCause"]["enum"])
        if not self.newline_base:
            causes.discard("separator-escaped")
        for cause in sorted(causes - self.causes):
            self.fail("coverage", f"no diagnosis with likely_cause {cause}")
        if not causes - self.causes:
            self.passed += 1


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("document")
    parser.add_argument("base_url")
    parser.add_argument("--newline-separator-url", help="a server started with --separator newline")
    arguments = parser.parse_args()
    run = Run(Document(arguments.document), arguments.base_url, arguments.newline_separator_url)
    for part in (run.gamesystem, run.worlds, run.puzzles, run.conditions, run.trivia, run.echo, run.unknown_route):
        try:
            part()
        except Exception as error:  # a crash in one part must not hide the others
            run.fail(part.__name__, f"{type(error).__name__}: {error}")
    run.coverage()
    print(f"conformance: {run.passed} passed, {run.failed} failed")
    sys.exit(1 if run.failed else 0)


if __name__ == "__main__":
    main()
