"""Issue 13's whole-process comparison: `kinetic simulate` of the 1,000-box pile (Benchmarks/scenes/columns1000.json,
5 s) against Box2D v3.1.1 stepping the same pile 5 s (box2d3_scenes --whole: build, 600 steps of 1/120 s with
4 substeps, no output), on 1 and 2 threads. The commands run in turns, ROUNDS rounds; each line gives the median
wall time and the median CPU time (user + system) of the process, and the ratio of Box2D's median wall time to ours.

Kinetic runs twice per thread count: at 60 frames a second (46 MB of JSON, formatted on a thread of its own while
the engine steps) and at 1 frame a second (6 frames: the engine, start-up and parsing alone).

    scripts/box2d3-peer.sh && swift build -c release --static-swift-stdlib --product kinetic   # as make install
    python3 Benchmarks/peers/whole_process.py [--rounds N] [--kinetic PATH]…

With several `--kinetic PATH`, each build is timed in every round (to compare builds before and after a change)."""
import os
import statistics
import subprocess
import sys
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


def main():
    rounds = int(sys.argv[sys.argv.index("--rounds") + 1]) if "--rounds" in sys.argv else 5
    # Every `--kinetic PATH` is a build to time (alternated with the others and Box2D in each round).
    builds = [sys.argv[i + 1] for i, a in enumerate(sys.argv[:-1]) if a == "--kinetic"]
    builds = builds or [os.path.join(ROOT, ".build/release/kinetic")]
    box2d = os.path.join(ROOT, "Benchmarks/.build/peers/box2d3_scenes")
    scene = os.path.join(ROOT, "Benchmarks/scenes/columns1000.json")
    commands = {}
    for threads in (1, 2):
        for kinetic in builds:
            label = "" if len(builds) == 1 else " (%s)" % kinetic
            for rate in (60, 1):
                commands["kinetic simulate --threads %d --rate %d%s" % (threads, rate, label)] = [
                    kinetic, "simulate", scene, "--seconds", "5", "--rate", str(rate), "--threads", str(threads)]
        commands["Box2D 3.1.1, %d worker%s" % (threads, "s" if threads > 1 else "")] = [
            box2d, "--whole", "--workers", str(threads)]
    times = {name: [] for name in commands}
    for _ in range(rounds):
        for name, command in commands.items():
            times[name].append(run(command))
    print("whole process, median of %d rounds (wall / CPU):" % rounds)
    for threads in (1, 2):
        peer = "Box2D 3.1.1, %d worker%s" % (threads, "s" if threads > 1 else "")
        peer_wall = statistics.median(w for w, _ in times[peer])
        for name in times:
            if ("--threads %d " % threads) not in name and name != peer:
                continue
            wall = statistics.median(w for w, _ in times[name])
            cpu = statistics.median(c for _, c in times[name])
            ratio = "" if name == peer else "  Box2D/ours %.2f" % (peer_wall / wall)
            print("  %-40s %6.3f s  %6.3f s%s" % (name, wall, cpu, ratio))


if __name__ == "__main__":
    main()
