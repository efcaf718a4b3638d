#!/usr/bin/env python3
"""Checks a Lottie file with players other than Kinetic.

A .lottie file (dotLottie) is opened as a ZIP first: its manifest is read and the animation it names is
extracted (to DIR/extracted.json) and checked like a .json file.

Validates the file against the Lottie JSON schema that lottie-specs ships (JSON Schema 2020-12), then renders
the given frames with rlottie and with ThorVG into PNG files (straight alpha) named <player>-<frame>.png.
Prints one JSON object: the schema result and, per player, the files written (or the error).

    python lottie_players.py anim.json --frames 0,15,30 --out DIR [--scale 1]

Run it with the virtual environment of scripts/python-tools.sh.
"""
import argparse
import json
import os
import sys


def validate(path):
    import jsonschema
    import lottie_specs

    schema_path = os.path.join(os.path.dirname(lottie_specs.__file__), "data", "lottie.schema.json")
    with open(schema_path) as f:
        schema = json.load(f)
    with open(path) as f:
        document = json.load(f)
    validator = jsonschema.Draft202012Validator(schema)
    errors = []

    def deepest(error):
        # An error under anyOf/oneOf holds the reasons each branch failed: keep the ones that got furthest in.
        if not error.context:
            return [error]
        leaves = [leaf for sub in error.context for leaf in deepest(sub)]
        depth = max(len(leaf.absolute_path) for leaf in leaves)
        return [leaf for leaf in leaves if len(leaf.absolute_path) == depth]

    for error in validator.iter_errors(document):
        for leaf in deepest(error):
            location = "/".join(str(p) for p in leaf.absolute_path)
            text = f"{location}: {leaf.message[:200]}"
            if text not in errors:
                errors.append(text)
        if len(errors) >= 20:
            break
    return {"valid": not errors, "errors": errors[:20]}


def render_rlottie(path, frames, out, width, height):
    from PIL import Image
    from rlottie_python import LottieAnimation

    written = []
    animation = LottieAnimation.from_file(path)
    for frame in frames:
        data = animation.lottie_animation_render(frame_num=int(frame), width=width, height=height)
        # Premultiplied BGRA, as rlottie draws.
        image = Image.frombuffer("RGBA", (width, height), data, "raw", "BGRa", 0, 1)
        name = os.path.join(out, f"rlottie-{frame}.png")
        image.save(name)
        written.append(name)
    return {"files": written, "totalFrames": animation.lottie_animation_get_totalframe()}


def render_thorvg(path, frames, out, width, height):
    import thorvg_python as tvg
    from PIL import Image

    engine = tvg.Engine(threads=0)
    canvas = tvg.SwCanvas(engine)
    canvas.set_target(width, height, cs=tvg.Colorspace.ABGR8888S)
    animation = tvg.LottieAnimation(engine)
    picture = animation.get_picture()
    result = picture.load(path)
    if result != tvg.Result.SUCCESS:
        raise RuntimeError(f"ThorVG could not load the file: {result}")
    picture.set_size(width, height)
    canvas.add(picture)
    written = []
    for frame in frames:
        animation.set_frame(float(frame))
        canvas.update()
        canvas.draw(True)
        canvas.sync()
        image = Image.frombuffer("RGBA", (width, height), bytes(canvas.buffer_arr), "raw", "RGBA", 0, 1)
        name = os.path.join(out, f"thorvg-{frame}.png")
        image.save(name)
        written.append(name)
    return {"files": written, "totalFrames": animation.get_total_frame()}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("file")
    parser.add_argument("--frames", required=True, help="comma-separated frame numbers")
    parser.add_argument("--out", required=True)
    parser.add_argument("--scale", type=float, default=1)
    args = parser.parse_args()
    frames = [int(f) for f in args.frames.split(",") if f]
    os.makedirs(args.out, exist_ok=True)
    report = {}
    path = args.file
    if path.endswith(".lottie"):
        import zipfile

        with zipfile.ZipFile(path) as archive:
            manifest = json.loads(archive.read("manifest.json"))
            animation_id = manifest["animations"][0]["id"]
            data = archive.read(f"animations/{animation_id}.json")
            report["dotlottie"] = {"entries": archive.namelist(), "manifest": manifest, "crc": archive.testzip()}
        path = os.path.join(args.out, "extracted.json")
        with open(path, "wb") as f:
            f.write(data)
    with open(path) as f:
        document = json.load(f)
    width = round(document["w"] * args.scale)
    height = round(document["h"] * args.scale)
    report["schema"] = validate(path)
    for name, render in (("rlottie", render_rlottie), ("thorvg", render_thorvg)):
        try:
            report[name] = render(path, frames, args.out, width, height)
        except Exception as error:  # a player failing is a result, not a crash of the check
            report[name] = {"error": f"{type(error).__name__}: {error}"}
    json.dump(report, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
