"""Issue 13's whole-process comparison: `kinetic simulate` of the 1,000-box pile (Benchmarks/scenes/columns1000.json,
5 s) against Box2D stepping the same pile 5 s (box2d3_scenes --whole: build, 600 steps of 1/120 s with 4 substeps,
no output) — v3.1.1, and 3.2's SSE2 and AVX2 builds when scripts/box2d32-peer.sh has built them — on 1 and 2
threads. The commands run in turns, ROUNDS rounds; each line gives the median wall time and the median CPU time
(user + system) of the process, and the ratio of each Box2D's median wall time to ours.

Kinetic runs twice per thread count: at 60 frames a second (46 MB of JSON, formatted on a thread of its own while
the engine steps) and at 1 frame a second (6 frames: the engine, start-up and parsing alone). Each Box2D runs twice
too: stepping alone, and writing the same trajectory at 60 frames a second (`--output-rate 60`: the same JSON
layout, ids and units, each number the shortest text of Box2D's float by C++'s std::to_chars, written as it steps,
as a Box2D program would). `--rate 60` is compared with the Box2D runs that write, `--rate 1` with those that do not.

    scripts/box2d3-peer.sh && swift build -c release --static-swift-stdlib --product kinetic   # as make install
    python3 Benchmarks/peers/whole_process.py [--rounds N] [--kinetic PATH]…

With several `--kinetic PATH`, each build is timed in every round (to compare builds before and after a change).

With `--scene large_pyramid`, the scene is Box2D's own pyramid instead (5,050 boxes of 100 pt on a static ground,
friction 0.6, as Box2D's benchmark builds it; written here as a scene for `kinetic simulate`), sleeping on as in the
pile, stepped 5 s at 1/120 s with 4 substeps by both (box2d3_scenes --whole-scene large_pyramid). Box2D's
many_pyramids (22,000 boxes) is past `kinetic simulate`'s 10,000 items."""
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def run(command):
    """(wall seconds, CPU seconds) of one run of `command`, its output discarded."""
    start = time.perf_counter()
    with open(os.devnull, "wb") as devnull:
        process = subprocess.Popen(command, stdout=devnull)
        _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    if status != 0:
        sys.exit("whole_process: %s failed with status %d" % (" ".join(command), status))
    return wall, usage.ru_utime + usage.ru_stime


def large_pyramid_scene():
    """Box2D's large_pyramid in `kinetic simulate`'s format: points, y down, 100 pt a metre (Box2D's metres, y up,
    mirrored), a static 20,000 x 200 pt ground under a pyramid of 100 boxes at the base; no walls."""
    items = [{"id": "ground", "frame": {"x": -10000, "y": 0, "width": 20000, "height": 200}, "friction": 0.6,
              "anchored": True}]
    for i in range(100):
        for j in range(i, 100):
            x = 50 * (i + 1) + 100 * (j - i) - 5000
            y = -50 * (2 * i + 1)
            items.append({"id": "b%d_%d" % (i, j), "frame": {"x": x - 50, "y": y - 50, "width": 100, "height": 100},
                          "friction": 0.6})
    return {"bounds": {"x": -10000, "y": -10000, "width": 20000, "height": 10200},
            "collision": {"mode": "everything", "boundary": "none"}, "items": items}


def main():
    rounds = int(sys.argv[sys.argv.index("--rounds") + 1]) if "--rounds" in sys.argv else 5
    # Every `--kinetic PATH` is a build to time (alternated with the others and Box2D in each round).
    builds = [sys.argv[i + 1] for i, a in enumerate(sys.argv[:-1]) if a == "--kinetic"]
    builds = builds or [os.path.join(ROOT, ".build/release/kinetic")]
    peers = [("Box2D 3.1.1", "box2d3_scenes"), ("Box2D 3.2 SSE2", "box2d32_scenes_sse2"),
             ("Box2D 3.2 AVX2", "box2d32_scenes_avx2")]
    peers = [(label, os.path.join(ROOT, "Benchmarks/.build/peers", program)) for label, program in peers]
    peers = [(label, path) for label, path in peers if os.access(path, os.X_OK)]
    # Each Box2D stepping alone, and writing the trajectory at 60 frames a second ("+ JSON").
    peers = [(label + suffix, path, extra) for label, path in peers
             for suffix, extra in (("", []), (" + JSON", ["--output-rate", "60"]))]
    scene_name = sys.argv[sys.argv.index("--scene") + 1] if "--scene" in sys.argv else "columns1000"
    if scene_name == "columns1000":
        scene, peer_scene = os.path.join(ROOT, "Benchmarks/scenes/columns1000.json"), ["--whole"]
    elif scene_name == "large_pyramid":
        handle, scene = tempfile.mkstemp(suffix=".json")
        with os.fdopen(handle, "w") as f:
            json.dump(large_pyramid_scene(), f)
        peer_scene = ["--whole-scene", "large_pyramid"]
    else:
        sys.exit("whole_process: --scene is columns1000 or large_pyramid (got %s)" % scene_name)
    commands = {}
    for threads in (1, 2):
        for kinetic in builds:
            label = "" if len(builds) == 1 else " (%s)" % kinetic
            for rate in (60, 1):
                commands["kinetic simulate --threads %d --rate %d%s" % (threads, rate, label)] = [
                    kinetic, "simulate", scene, "--seconds", "5", "--rate", str(rate), "--threads", str(threads)]
        for label, path, extra in peers:
            commands["%s, %d worker%s" % (label, threads, "s" if threads > 1 else "")] = [
                path] + peer_scene + ["--workers", str(threads)] + extra
    times = {name: [] for name in commands}
    for _ in range(rounds):
        for name, command in commands.items():
            times[name].append(run(command))
    if scene_name != "columns1000":
        os.remove(scene)
    print("whole process, %s, median of %d rounds (wall / CPU):" % (scene_name, rounds))
    for threads in (1, 2):
        names = ["%s, %d worker%s" % (label, threads, "s" if threads > 1 else "") for label, _, _ in peers]
        peer_walls = {name: statistics.median(w for w, _ in times[name]) for name in names}
        for name in times:
            if ("--threads %d " % threads) not in name and name not in names:
                continue
            wall = statistics.median(w for w, _ in times[name])
            cpu = statistics.median(c for _, c in times[name])
            # --rate 60 against the Box2D runs that write the trajectory, --rate 1 against those that do not.
            writes = "--rate 60" in name
            ratios = "" if name in names else "  " + ", ".join(
                "%s/ours %.2f" % (peer.split(",")[0], peer_walls[peer] / wall) for peer in names
                if ("+ JSON" in peer) == writes)
            print("  %-40s %6.3f s  %6.3f s%s" % (name, wall, cpu, ratios))


if __name__ == "__main__":
    main()
