#!/usr/bin/env python3
"""Checks a Lottie file for RenderTests and the CLI tests.

  lottie_check.py validate FILE             validates FILE against the Lottie JSON
                                            schema of the lottie-specs package
  lottie_check.py render FILE FRAME OUT     renders frame FRAME with rlottie into OUT:
                                            width and height (4 bytes each, little-endian)
                                            then straight-alpha RGBA rows
  lottie_check.py info FILE                 prints "frames width height fps" as rlottie reads them
  lottie_check.py lottie-web OUT            writes lottie-web's player script (5.7.5, the copy the
                                            pylottie package embeds in pylottie/lottie.html) to OUT

Exit status 0 on success, 1 on a failed check (the reason on stderr), 3 when a
needed Python package is missing (the tests then say they skipped, and why).
"""
import json
import struct
import sys


def need(module):
    try:
        return __import__(module)
    except ImportError as error:
        print(f"missing Python package: {error}", file=sys.stderr)
        sys.exit(3)


def validate(path):
    jsonschema = need("jsonschema")
    need("lottie_specs")
    from lottie_specs.schema import Schema  # noqa: F401  (the package's own loader)
    import importlib.resources as resources
    schema_text = resources.files("lottie_specs").joinpath("data/lottie.schema.json").read_text()
    schema = json.loads(schema_text)
    with open(path, encoding="utf-8") as handle:
        document = json.load(handle)
    validator_class = jsonschema.validators.validator_for(schema)
    validator = validator_class(schema)
    errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
    if errors:
        for error in errors[:10]:
            print("/".join(str(p) for p in error.absolute_path) + ": " + error.message[:300], file=sys.stderr)
        sys.exit(1)
    print("valid")


def open_animation(path):
    rlottie = need("rlottie_python")
    return rlottie.LottieAnimation.from_file(path)


def render(path, frame, out):
    animation = open_animation(path)
    width, height = animation.lottie_animation_get_size()
    data = animation.lottie_animation_render(frame_num=frame, width=width, height=height)
    # rlottie draws premultiplied ARGB32 words: B, G, R, A bytes on a little-endian machine.
    pixels = bytearray(width * height * 4)
    for i in range(width * height):
        b, g, r, a = data[4 * i], data[4 * i + 1], data[4 * i + 2], data[4 * i + 3]
        if a:
            r, g, b = ((c * 255 + a // 2) // a for c in (r, g, b))
            r, g, b = min(r, 255), min(g, 255), min(b, 255)
        pixels[4 * i:4 * i + 4] = bytes((r, g, b, a))
    with open(out, "wb") as handle:
        handle.write(struct.pack("<II", width, height))
        handle.write(pixels)


def info(path):
    animation = open_animation(path)
    width, height = animation.lottie_animation_get_size()
    print(animation.lottie_animation_get_totalframe(), width, height, animation.lottie_animation_get_framerate())


def lottie_web(out):
    # Found, not imported: the package's own code needs a browser driver it was installed without.
    import importlib.util
    import os
    spec = importlib.util.find_spec("pylottie")
    if spec is None or not spec.submodule_search_locations:
        print("missing Python package: pylottie (lottie-web)", file=sys.stderr)
        sys.exit(3)
    with open(os.path.join(list(spec.submodule_search_locations)[0], "lottie.html"), encoding="utf-8") as handle:
        page = handle.read()
    start = page.find("<script>")
    end = page.find("</script>", start)
    if start < 0 or end < 0 or "5.7.5" not in page[start:end]:
        print("pylottie/lottie.html does not hold lottie-web 5.7.5 in its first script", file=sys.stderr)
        sys.exit(1)
    with open(out, "w", encoding="utf-8") as handle:
        handle.write(page[start + len("<script>"):end])
    print("5.7.5")


if __name__ == "__main__":
    if len(sys.argv) >= 3 and sys.argv[1] == "validate":
        validate(sys.argv[2])
    elif len(sys.argv) == 5 and sys.argv[1] == "render":
        render(sys.argv[2], int(sys.argv[3]), sys.argv[4])
    elif len(sys.argv) == 3 and sys.argv[1] == "info":
        info(sys.argv[2])
    elif len(sys.argv) == 3 and sys.argv[1] == "lottie-web":
        lottie_web(sys.argv[2])
    else:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
