"""The reference scenes of KineticDynamics (Sources/KineticDynamics/Scenes/ReferenceScenes.swift), rebuilt for the
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


# name -> (kind, parameters)
SCENES = {
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
        awake = awake_count(world)
    return {"ms_per_step_1s": best_first, "ms_per_step_3s": best_total, "ms_per_step_5s": best_long, "awake_end": awake}


def repeats_from_arguments(argv):
    if "--repeat" in argv:
        return int(argv[argv.index("--repeat") + 1])
    return 3
