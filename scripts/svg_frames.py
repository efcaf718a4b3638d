#!/usr/bin/env python3
"""Renders frames of an animated SVG (SMIL) with headless Chromium.

One HTML page holds one copy of the SVG per time (ids renamed per copy so that they do not clash), each paused
and seeked to its time with svg.pauseAnimations(); svg.setCurrentTime(t); Chromium screenshots the page once and
the copies are cut out as chromium-<index>.png (opaque, on white).

    python svg_frames.py anim.svg --times 0,0.5,1 --out DIR [--chromium /usr/bin/chromium]

Prints one JSON object: the files written, or the error.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("file")
    parser.add_argument("--times", required=True, help="comma-separated times in seconds")
    parser.add_argument("--out", required=True)
    parser.add_argument("--chromium", default=shutil.which("chromium") or shutil.which("chromium-browser") or "")
    args = parser.parse_args()
    times = [float(t) for t in args.times.split(",") if t]
    os.makedirs(args.out, exist_ok=True)
    with open(args.file, encoding="utf-8") as f:
        svg = f.read()
    match = re.search(r'<svg[^>]*\swidth="([0-9.]+)"[^>]*\sheight="([0-9.]+)"', svg)
    if not match:
        json.dump({"error": "no width and height on the <svg> element"}, sys.stdout)
        return
    width, height = (int(round(float(v))) for v in match.groups())
    if not args.chromium:
        json.dump({"error": "chromium not found"}, sys.stdout)
        return
    copies = []
    for index, time in enumerate(times):
        prefix = f"f{index}-"
        copy = re.sub(r'\bid="([^"]+)"', lambda m: f'id="{prefix}{m.group(1)}"', svg)
        copy = re.sub(r"url\(#([^)]+)\)", lambda m: f"url(#{prefix}{m.group(1)})", copy)
        copy = re.sub(r'href="#([^"]+)"', lambda m: f'href="#{prefix}{m.group(1)}"', copy)
        # An animated reference (<animate attributeName="href" values="#a;#b"/>) names ids in its values.
        copy = re.sub(
            r'(<animate attributeName="href"[^>]*?\svalues=")([^"]*)"',
            lambda m: m.group(1) + re.sub(r"#([^;]+)", lambda r: f"#{prefix}{r.group(1)}", m.group(2)) + '"',
            copy,
        )
        copy = copy.replace("<svg ", f'<svg data-time="{time}" ', 1)
        copies.append(copy)
    page = (
        "<!doctype html><html><head><style>html,body{margin:0;padding:0;background:#fff}"
        "svg{display:block}</style></head><body>"
        + "".join(copies)
        + "<script>for (const s of document.querySelectorAll('svg[data-time]')) "
        "{ s.pauseAnimations(); s.setCurrentTime(parseFloat(s.dataset.time)); }</script></body></html>"
    )
    from PIL import Image

    with tempfile.TemporaryDirectory() as folder:
        html = os.path.join(folder, "frames.html")
        shot = os.path.join(folder, "shot.png")
        with open(html, "w", encoding="utf-8") as f:
            f.write(page)
        command = [
            args.chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
            "--force-device-scale-factor=1", f"--window-size={width},{height * len(times)}",
            f"--screenshot={shot}", "file://" + html,
        ]
        result = subprocess.run(command, capture_output=True, text=True, timeout=120)
        if not os.path.exists(shot):
            json.dump({"error": "chromium wrote no screenshot: " + result.stderr[-500:]}, sys.stdout)
            return
        image = Image.open(shot).convert("RGBA")
        files = []
        for index in range(len(times)):
            frame = image.crop((0, index * height, width, (index + 1) * height))
            name = os.path.join(args.out, f"chromium-{index}.png")
            frame.save(name)
            files.append(name)
    json.dump({"files": files, "width": width, "height": height}, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
