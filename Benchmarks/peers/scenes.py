"""The reference scenes of KineticDynamics (Tests/KineticFixtures/ReferenceScenes.swift), rebuilt for the
peer engines: the same generator, the same box frames, the same walls. Units: points, y down."""

MASK = (1 << 64) - 1


class Generator:
    """64-bit LCG (Knuth's MMIX constants), top 53 bits: identical to ReferenceScenes.Generator."""

    def __init__(self, seed):
        self.state = seed & MASK

    def next(self):
        self.state = (self.state * 6364136223846793005 + 1442695040888963407) & MASK
        return (self.state >> 11) / 9007199254740992.0


def pile_frames(count, width, minimum_side, maximum_side, gap=2.0, seed=1):
    """(x, y, w, h) frames laid out in rows from the top-left, like ReferenceScenes.pileFrames."""
    generator = Generator(seed)
    frames = []
    x = gap
    y = gap
    row_height = 0.0
    for _ in range(count):
        w = minimum_side + (maximum_side - minimum_side) * generator.next()
        h = minimum_side + (maximum_side - minimum_side) * generator.next()
        if x + w + gap > width:
            x = gap
            y += row_height + gap
            row_height = 0.0
        frames.append((x, y, w, h))
        x += w + gap
        row_height = max(row_height, h)
    return frames


def column_frames(count, columns, column_pitch, row_pitch, widths, heights, seed):
    """(x, y, w, h) frames in `columns` columns, each box centred in its cell, like ReferenceScenes.columnFrames."""
    generator = Generator(seed)
    frames = []
    for k in range(count):
        w = widths[0] + (widths[1] - widths[0]) * generator.next()
        h = heights[0] + (heights[1] - heights[0]) * generator.next()
        cx = (k % columns + 0.5) * column_pitch
        cy = (k // columns + 0.5) * row_pitch
        frames.append((cx - w / 2, cy - h / 2, w, h))
    return frames


# The issue-13 pile (ReferenceScenes.ColumnPile): 1,000 boxes of 14-22 x 10-16 pt in 25 columns, 600 x 1,200 pt.
COLUMN_PILE = dict(count=1000, columns=25, column_pitch=24.0, row_pitch=20.0, widths=(14.0, 22.0),
                   heights=(10.0, 16.0), seed=13, width=600.0, height=1200.0)


def scene_frames(kind, p):
    """The box frames of a pile scene of either layout."""
    if kind == "columns":
        return column_frames(p["count"], p["columns"], p["column_pitch"], p["row_pitch"], p["widths"], p["heights"],
                             p["seed"])
    return pile_frames(p["count"], p["width"], p["minimum_side"], p["maximum_side"])


# name -> (kind, parameters)
SCENES = {
    "columns1000": ("columns", COLUMN_PILE),
    "pile1000": ("pile", dict(count=1000, width=1000.0, height=800.0, minimum_side=10.0, maximum_side=30.0)),
    "pile40": ("pile", dict(count=40, width=375.0, height=667.0, minimum_side=20.0, maximum_side=80.0)),
    "stack10": ("stack", dict(count=10, width=60.0, height=30.0, floor_y=600.0)),
}


def stack_frames(count, width, height, floor_y):
    """Boxes centred on x = 187.5, each resting on the one below, on a floor at floor_y."""
    return [(187.5 - width / 2, floor_y - height - k * height, width, height) for k in range(count)]


def run_timed(step, steps_first, steps_total, repeats, build, awake_count, steps_long=600):
    """Best-of-N mean ms per step over the first `steps_first` steps and over `steps_total` steps, in thread CPU
    time (time slices lost to other processes on a shared machine do not count)."""
    import time

    best_first = float("inf")
    best_total = float("inf")
    best_long = float("inf")
    best_tail = float("inf")
    awake = -1
    for _ in range(repeats):
        world = build()
        start = time.thread_time()
        for _ in range(steps_first):
            step(world)
        first = time.thread_time() - start
        for _ in range(steps_total - steps_first):
            step(world)
        total = time.thread_time() - start
        for _ in range(steps_long - steps_total):
            step(world)
        long = time.thread_time() - start
        best_first = min(best_first, first * 1000 / steps_first)
        best_total = min(best_total, total * 1000 / steps_total)
        best_long = min(best_long, long * 1000 / steps_long)
        best_tail = min(best_tail, (long - first) * 1000 / (steps_long - steps_first))
        awake = awake_count(world)
    return {"ms_per_step_1s": best_first, "ms_per_step_3s": best_total, "ms_per_step_5s": best_long,
            "ms_per_step_1to5s": best_tail, "awake_end": awake}


def repeats_from_arguments(argv):
    if "--repeat" in argv:
        return int(argv[argv.index("--repeat") + 1])
    return 3


def column_pile_scene_json():
    """The issue-13 pile as a `kinetic simulate` scene (docs/simulate.md): the bounds are the walls, friction 0.5."""
    import json

    p = COLUMN_PILE
    items = []
    for k, (x, y, w, h) in enumerate(scene_frames("columns", p)):
        items.append({"id": "b%d" % k, "frame": {"x": x, "y": y, "width": w, "height": h}, "friction": 0.5})
    return json.dumps({"bounds": {"x": 0, "y": 0, "width": p["width"], "height": p["height"]}, "items": items})


if __name__ == "__main__":
    # python3 Benchmarks/peers/scenes.py > Benchmarks/scenes/columns1000.json
    print(column_pile_scene_json())
