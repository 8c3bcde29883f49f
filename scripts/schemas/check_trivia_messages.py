"""Checks trivia socket messages against docs/trivia-messages.schema.json (JSON Schema draft 2020-12).

    python3 check_trivia_messages.py SCHEMA MESSAGES.jsonl

Each line of MESSAGES.jsonl is {"direction": "client"|"server", "text": "<the frame>", "valid": true|false,
"label": "<where it came from>"}. A frame marked valid must parse as JSON and match the schema's message
definition for its direction (and the schema as a whole); one marked invalid must not, so the schema is
shown to refuse what the protocol refuses. Prints each failure and a last line `N passed, M failed`;
exits 1 when anything failed. Uses the `jsonschema` package only: no code shared with Signet.
"""

import json
import sys

import jsonschema


def main(schema_path, messages_path):
    with open(schema_path, encoding="utf-8") as handle:
        schema = json.load(handle)
    jsonschema.Draft202012Validator.check_schema(schema)
    checker = jsonschema.Draft202012Validator.FORMAT_CHECKER
    whole = jsonschema.Draft202012Validator(schema, format_checker=checker)
    by_direction = {
        direction: jsonschema.Draft202012Validator(
            {"$ref": f"#/$defs/{direction}Message", "$defs": schema["$defs"]}, format_checker=checker)
        for direction in ("client", "server")
    }
    passed = failed = 0
    with open(messages_path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            if not line.strip():
                continue
            entry = json.loads(line)
            label = entry.get("label") or f"line {number}"
            try:
                message = json.loads(entry["text"])
            except ValueError:
                errors = ["not JSON"]
            else:
                errors = [f"at {'/'.join(map(str, error.absolute_path)) or '(message)'}: {error.message}"
                          for error in by_direction[entry["direction"]].iter_errors(message)]
                errors += [f"(whole schema) {error.message}" for error in whole.iter_errors(message)] if not errors else []
            if entry["valid"] and errors:
                failed += 1
                print(f"FAIL {label}: {entry['direction']} frame does not match the schema: {entry['text'][:300]}")
                for error in errors[:5]:
                    print(f"    {error[:300]}")
            elif not entry["valid"] and not errors:
                failed += 1
                print(f"FAIL {label}: the schema accepts a {entry['direction']} frame the protocol refuses: "
                      f"{entry['text'][:300]}")
            else:
                passed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], sys.argv[2]))
