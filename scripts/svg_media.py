#!/usr/bin/env python3
"""Screenshots an SVG shown as an <img> (as a README shows it) in headless Chromium with media features emulated
through the DevTools protocol (Emulation.setEmulatedMedia): the colour scheme and reduced motion.

    python svg_media.py pic.svg --out DIR --case light:0 --case light:4.5 --case reduce:0 --case dark-reduce:0

With --direct the SVG itself is the page (every emulated feature reaches it). Each case is MEDIA:SECONDS: MEDIA is light, dark, reduce (light, reduced motion) or dark-reduce; SECONDS is how long
after the page has loaded the screenshot is taken (the animation runs in real time). Each case loads the page
afresh. Writes DIR/case-<index>.png (the picture's own size, on a #808080 page) and prints one JSON object: the
files written, or the error.
"""
import argparse
import base64
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request

import websocket

FEATURES = {
    "light": [("prefers-color-scheme", "light"), ("prefers-reduced-motion", "no-preference")],
    "dark": [("prefers-color-scheme", "dark"), ("prefers-reduced-motion", "no-preference")],
    "reduce": [("prefers-color-scheme", "light"), ("prefers-reduced-motion", "reduce")],
    "dark-reduce": [("prefers-color-scheme", "dark"), ("prefers-reduced-motion", "reduce")],
}


class DevTools:
    def __init__(self, url):
        self.socket = websocket.create_connection(url, timeout=30)
        self.next_id = 0

    def call(self, method, **params):
        self.next_id += 1
        self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})

    def wait_for(self, event, limit=30):
        deadline = time.time() + limit
        while time.time() < deadline:
            message = json.loads(self.socket.recv())
            if message.get("method") == event:
                return message
        raise RuntimeError(f"no {event} within {limit} s")


def remove_profile(profile):
    """Removes a Chromium profile folder: Chromium's helper processes can still be writing into it just after the
    browser is killed, so a removal that leaves it is tried again for up to a second."""
    for _ in range(20):
        shutil.rmtree(profile, ignore_errors=True)
        if not os.path.exists(profile):
            return
        time.sleep(0.05)


def open_chromium(chromium, flags=()):
    """Starts headless Chromium with a DevTools port and a fresh profile; returns (process, profile folder, DevTools
    of its page). The caller kills the process and removes the profile."""
    profile = tempfile.mkdtemp(prefix="kinetic-chromium-")
    browser = subprocess.Popen(
        [chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
         "--remote-debugging-port=0", f"--user-data-dir={profile}", "--allow-file-access-from-files"]
        + list(flags) + ["about:blank"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        port_file = os.path.join(profile, "DevToolsActivePort")
        deadline = time.time() + 30
        while not (os.path.exists(port_file) and open(port_file).read().count("\n") >= 1):
            if time.time() > deadline:
                raise RuntimeError("Chromium did not open its DevTools port")
            time.sleep(0.05)
        port = open(port_file).read().split("\n")[0].strip()
        targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list"))
        target = next(t for t in targets if t.get("type") == "page")
        return browser, profile, DevTools(target["webSocketDebuggerUrl"])
    except Exception:
        browser.kill()
        browser.wait()
        remove_profile(profile)
        raise


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("file")
    parser.add_argument("--out", required=True)
    parser.add_argument("--case", action="append", required=True)
    parser.add_argument("--width", type=int, required=True)
    parser.add_argument("--height", type=int, required=True)
    parser.add_argument("--direct", action="store_true", help="open the SVG itself, not an <img> of it")
    parser.add_argument(
        "--force-reduced-motion", action="store_true",
        help="start Chromium as if the system asked for reduced motion (an emulated prefers-reduced-motion reaches "
        "the page but not an SVG inside an <img>; the system setting reaches both)")
    parser.add_argument("--chromium", default=shutil.which("chromium") or shutil.which("chromium-browser") or "")
    args = parser.parse_args()
    if not args.chromium:
        json.dump({"error": "chromium not found"}, sys.stdout)
        return
    os.makedirs(args.out, exist_ok=True)
    page = os.path.join(args.out, "page.html")
    with open(page, "w", encoding="utf-8") as f:
        f.write(
            "<!doctype html><html><head><style>html,body{margin:0;padding:0;background:#808080}"
            f"img{{display:block}}</style></head><body><img src=\"file://{os.path.abspath(args.file)}\" "
            f"width=\"{args.width}\" height=\"{args.height}\"></body></html>"
        )
    browser, profile, tools = open_chromium(
        args.chromium, ["--force-prefers-reduced-motion"] if args.force_reduced_motion else [])
    try:
        tools.call("Page.enable")
        tools.call("Emulation.setDeviceMetricsOverride", width=args.width, height=args.height,
                   deviceScaleFactor=1, mobile=False)
        files = []
        for index, case in enumerate(args.case):
            media, seconds = case.split(":")
            tools.call("Emulation.setEmulatedMedia", media="screen",
                       features=[{"name": n, "value": v} for n, v in FEATURES[media]])
            target_url = os.path.abspath(args.file if args.direct else page)
            tools.call("Page.navigate", url="file://" + target_url)
            tools.wait_for("Page.loadEventFired")
            time.sleep(float(seconds))
            shot = tools.call("Page.captureScreenshot", format="png",
                              clip={"x": 0, "y": 0, "width": args.width, "height": args.height, "scale": 1})
            path = os.path.join(args.out, f"case-{index}.png")
            with open(path, "wb") as f:
                f.write(base64.b64decode(shot["data"]))
            files.append(path)
        json.dump({"files": files}, sys.stdout)
    except Exception as error:  # one JSON line, whatever failed
        json.dump({"error": str(error)}, sys.stdout)
    finally:
        browser.kill()
        browser.wait()
        remove_profile(profile)


if __name__ == "__main__":
    main()
