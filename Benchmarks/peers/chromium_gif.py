"""The shimmer GIF job two ways, as a whole process each: `kinetic render shimmer -o x.gif`, against the pipeline a
web developer would write — the same animation as an SVG in headless Chromium, paused and seeked to each frame's
time and screenshot through the DevTools protocol, then ffmpeg's palettegen + paletteuse into a GIF at the same
size and frame rate. Chromium's start-up counts (the job is one GIF); the SVG is exported once, untimed (a web page
would already have its CSS). ROUNDS alternated rounds; medians of wall time and of CPU time (the process and its
children), and the pipeline's time over Kinetic's.

    .build/venv/bin/python3 Benchmarks/peers/chromium_gif.py [--rounds N] [--kinetic PATH] [-- SHIMMER OPTIONS…]

Needs chromium, ffmpeg and websocket-client (scripts/python-tools.sh)."""
import base64
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from svg_media import open_chromium, remove_profile  # noqa: E402


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def own_cpu():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def kinetic_job(kinetic, options, out):
    start, cpu = time.perf_counter(), children_cpu()
    subprocess.run([kinetic, "render", "shimmer", *options, "-o", out], check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start, children_cpu() - cpu


def pipeline_job(svg, width, height, frames, fps, folder, out):
    start, cpu, own = time.perf_counter(), children_cpu(), own_cpu()
    browser, profile, tools = open_chromium(shutil.which("chromium") or "chromium")
    try:
        tools.call("Page.enable")
        tools.call("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1, mobile=False)
        tools.call("Page.navigate", url="file://" + svg)
        tools.wait_for("Page.loadEventFired")
        tools.call("Runtime.evaluate", expression="document.documentElement.pauseAnimations()")
        for index in range(frames):
            tools.call("Runtime.evaluate", expression=f"document.documentElement.setCurrentTime({index / fps})")
            shot = tools.call("Page.captureScreenshot", format="png",
                              clip={"x": 0, "y": 0, "width": width, "height": height, "scale": 1})
            with open(os.path.join(folder, "frame-%04d.png" % index), "wb") as f:
                f.write(base64.b64decode(shot["data"]))
    finally:
        browser.kill()
        browser.wait()
        remove_profile(profile)
    subprocess.run(
        ["ffmpeg", "-v", "error", "-y", "-framerate", str(fps), "-i", os.path.join(folder, "frame-%04d.png"),
         "-filter_complex", "[0:v]split[a][b];[a]palettegen[p];[b][p]paletteuse", "-loop", "0", out],
        check=True)
    return time.perf_counter() - start, children_cpu() - cpu + own_cpu() - own


def main():
    arguments = sys.argv[1:]
    options = arguments[arguments.index("--") + 1:] if "--" in arguments else []
    arguments = arguments[:arguments.index("--")] if "--" in arguments else arguments
    rounds = int(arguments[arguments.index("--rounds") + 1]) if "--rounds" in arguments else 5
    kinetic = arguments[arguments.index("--kinetic") + 1] if "--kinetic" in arguments \
        else os.path.join(ROOT, ".build/release/kinetic")
    folder = tempfile.mkdtemp(prefix="kinetic-chromium-gif-")
    try:
        svg = os.path.join(folder, "shimmer.svg")
        plan = subprocess.run([kinetic, "render", "shimmer", *options, "--dry-run", "-o", "x.gif"], check=True,
                              capture_output=True, text=True).stdout
        match = re.search(r"(\d+)×(\d+) px, (\d+) frames at ([0-9.]+) fps", plan)
        if not match:
            sys.exit("chromium_gif: cannot read the plan from: " + plan)
        width, height, frames, fps = int(match[1]), int(match[2]), int(match[3]), float(match[4])
        subprocess.run([kinetic, "render", "shimmer", *options, "-o", svg], check=True, stdout=subprocess.DEVNULL)
        times = {"kinetic": [], "chromium + ffmpeg": []}
        for round in range(rounds):
            frames_folder = os.path.join(folder, "frames-%d" % round)
            os.makedirs(frames_folder)
            times["kinetic"].append(kinetic_job(kinetic, options, os.path.join(folder, "kinetic.gif")))
            times["chromium + ffmpeg"].append(
                pipeline_job(svg, width, height, frames, fps, frames_folder, os.path.join(folder, "chromium.gif")))
            shutil.rmtree(frames_folder)
        sizes = {name: os.path.getsize(os.path.join(folder, name + ".gif")) for name in ("kinetic", "chromium")}
        print("shimmer GIF, %d×%d px, %d frames at %g fps; median of %d alternated rounds (wall / CPU):"
              % (width, height, frames, fps, rounds))
        medians = {name: (statistics.median(w for w, _ in values), statistics.median(c for _, c in values))
                   for name, values in times.items()}
        for name, (wall, cpu) in medians.items():
            print("  %-18s %7.3f s  %7.3f s" % (name, wall, cpu))
        ours, theirs = medians["kinetic"], medians["chromium + ffmpeg"]
        print("  pipeline / kinetic: %.1f× wall, %.1f× CPU; GIF bytes: kinetic %d, pipeline %d"
              % (theirs[0] / ours[0], theirs[1] / ours[1], sizes["kinetic"], sizes["chromium"]))
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
