"""Reads the worlds route's property lists into Python values, so their structure can be checked against
the schema in docs/openapi.yaml: XML and binary with the standard library's plistlib, OpenStep text with
the small reader below (plistlib has none). Independent of Signet's own property-list code.
"""

import plistlib

XML_TYPES = {"application/x-plist", "text/xml", "application/xml"}
BINARY_TYPES = {"application/x-bplist"}
OPENSTEP_TYPES = {"text/plain", "text/x-plist"}
ALL_TYPES = XML_TYPES | BINARY_TYPES | OPENSTEP_TYPES

_UNQUOTED = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$+/:.-")
_ESCAPES = {"a": "\a", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v", "\\": "\\", '"': '"',
            "'": "'"}


def parse(content: bytes, media_type: str):
    """The property list in `content`, whose Content-Type essence is `media_type`."""
    if media_type in XML_TYPES or media_type in BINARY_TYPES:
        return plistlib.loads(content)
    if media_type in OPENSTEP_TYPES:
        return parse_openstep(content.decode("utf-8"))
    raise ValueError(f"not a property-list media type: {media_type}")


def parse_openstep(text: str):
    reader = _OpenStepReader(text)
    value = reader.value()
    reader.skip_space()
    if reader.index != len(text):
        raise ValueError(f"OpenStep: unexpected text at offset {reader.index}")
    return value


class _OpenStepReader:
    def __init__(self, text):
        self.text = text
        self.index = 0

    def skip_space(self):
        while self.index < len(self.text):
            if self.text[self.index].isspace():
                self.index += 1
            elif self.text.startswith("//", self.index):
                end = self.text.find("\n", self.index)
                self.index = len(self.text) if end < 0 else end + 1
            elif self.text.startswith("/*", self.index):
                end = self.text.find("*/", self.index + 2)
                if end < 0:
                    raise ValueError("OpenStep: unterminated comment")
                self.index = end + 2
            else:
                break

    def peek(self):
        self.skip_space()
        if self.index >= len(self.text):
            raise ValueError("OpenStep: unexpected end")
        return self.text[self.index]

    def expect(self, character):
        if self.peek() != character:
            raise ValueError(f"OpenStep: expected {character!r} at offset {self.index}")
        self.index += 1

    def value(self):
        character = self.peek()
        if character == "{":
            return self.dictionary()
        if character == "(":
            return self.array()
        if character == "<":
            return self.data()
        return self.string()

    def dictionary(self):
        self.expect("{")
        result = {}
        while self.peek() != "}":
            key = self.string()
            self.expect("=")
            result[key] = self.value()
            self.expect(";")
        self.index += 1
        return result

    def array(self):
        self.expect("(")
        result = []
        while self.peek() != ")":
            result.append(self.value())
            if self.peek() == ",":
                self.index += 1
            elif self.peek() != ")":
                raise ValueError(f"OpenStep: expected ',' or ')' at offset {self.index}")
        self.index += 1
        return result

    def data(self):
        self.expect("<")
        end = self.text.find(">", self.index)
        if end < 0:
            raise ValueError("OpenStep: unterminated data")
        digits = "".join(self.text[self.index:end].split())
        self.index = end + 1
        return bytes.fromhex(digits)

    def string(self):
        character = self.peek()
        if character in "\"'":
            return self.quoted(character)
        start = self.index
        while self.index < len(self.text) and self.text[self.index] in _UNQUOTED:
            self.index += 1
        if start == self.index:
            raise ValueError(f"OpenStep: expected a string at offset {start}")
        return self.text[start:self.index]

    def quoted(self, quote):
        self.index += 1
        out = []
        while True:
            if self.index >= len(self.text):
                raise ValueError("OpenStep: unterminated string")
            character = self.text[self.index]
            self.index += 1
            if character == quote:
                # \U escapes may be UTF-16 surrogate pairs: join them into one character.
                return "".join(out).encode("utf-16", "surrogatepass").decode("utf-16")
            if character != "\\":
                out.append(character)
                continue
            escape = self.text[self.index]
            self.index += 1
            if escape in _ESCAPES:
                out.append(_ESCAPES[escape])
            elif escape in "Uu":
                out.append(chr(int(self.text[self.index:self.index + 4], 16)))
                self.index += 4
            elif escape in "01234567":
                digits = escape
                while len(digits) < 3 and self.text[self.index] in "01234567":
                    digits += self.text[self.index]
                    self.index += 1
                out.append(chr(int(digits, 8)))
            else:
                out.append(escape)
