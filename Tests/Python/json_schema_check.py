#!/usr/bin/env python3
"""Validates a JSON document against one of docs/schemas/*.schema.json.

  json_schema_check.py SCHEMA DOCUMENT

Schemas refer to each other by file name ("glyph-state.schema.json"), resolved
in the schema's folder. Exit status 0 when valid, 1 with the errors on stderr,
3 when jsonschema is missing.
"""
import json
import os
import sys

try:
    import jsonschema
    from referencing import Registry, Resource
except ImportError as error:
    print(f"missing Python package: {error}", file=sys.stderr)
    sys.exit(3)


def main():
    schema_path, document_path = sys.argv[1], sys.argv[2]
    folder = os.path.dirname(os.path.abspath(schema_path))
    resources = []
    for name in sorted(os.listdir(folder)):
        if name.endswith(".schema.json"):
            with open(os.path.join(folder, name), encoding="utf-8") as handle:
                resources.append((name, Resource.from_contents(json.load(handle))))
    registry = Registry().with_resources(resources)
    with open(schema_path, encoding="utf-8") as handle:
        schema = json.load(handle)
    with open(document_path, encoding="utf-8") as handle:
        document = json.load(handle)
    validator = jsonschema.Draft202012Validator(schema, registry=registry)
    errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
    if errors:
        for error in errors[:10]:
            print("/".join(str(p) for p in error.absolute_path) + ": " + error.message[:300], file=sys.stderr)
        sys.exit(1)
    print("valid")


if __name__ == "__main__":
    main()
