"""The independent validator of the published JSON Schemas: Python's jsonschema (Draft 2020-12).

    python3 validate_schema.py SCHEMA FILE...

Checks SCHEMA itself, then every document: a .jsonl file line by line, any other file as one JSON
document. Prints one JSON object: {"documents": N, "errors": [{"file", "line", "path", "message"}]}.
"""
import json
import sys

from jsonschema import Draft202012Validator


def main(schema_path, files):
    with open(schema_path, encoding="utf-8") as f:
        schema = json.load(f)
    Draft202012Validator.check_schema(schema)
    validator = Draft202012Validator(schema)
    documents, errors = 0, []
    for path in files:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        if path.endswith(".jsonl"):
            items = [(n, line) for n, line in enumerate(text.split("\n"), 1) if line.strip()]
        else:
            items = [(None, text)]
        for line, source in items:
            documents += 1
            for error in validator.iter_errors(json.loads(source)):
                errors.append({
                    "file": path,
                    "line": line,
                    "path": "/".join(str(p) for p in error.absolute_path),
                    "message": error.message,
                })
    print(json.dumps({"documents": documents, "errors": errors}))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
