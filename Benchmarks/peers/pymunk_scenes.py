"""The KineticDynamics reference scenes in pymunk (Chipmunk2D), at pymunk's default space settings (10 iterations,
no sleeping), stepped at 1/120 s. Prints one JSON object: {"engine", "scenes": {name: figures}}.

    pip install pymunk
    python3 Benchmarks/peers/pymunk_scenes.py [--repeat N]

Chipmunk multiplies the two shapes' frictions; each shape gets sqrt(0.5) so that pairs have 0.5, as ours do."""
import json
import math
import sys

import pymunk

from scenes import SCENES, repeats_from_arguments, run_timed, scene_frames, stack_frames

DT = 1.0 / 120.0
FRICTION = math.sqrt(0.5)


def add_box(space, x, y, w, h):
    mass = w * h / 10000.0
    body = pymunk.Body(mass, pymunk.moment_for_box(mass, (w, h)))
    body.position = (x + w / 2, y + h / 2)
    shape = pymunk.Poly.create_box(body, (w, h), radius=0)
    shape.friction = FRICTION
    space.add(body, shape)
    return body


def build(kind, p):
    space = pymunk.Space()
    space.gravity = (0, 1000)
    static = space.static_body
    if kind in ("pile", "columns"):
        w, h = p["width"], p["height"]
        corners = [(0, 0), (w, 0), (w, h), (0, h)]
        for k in range(4):
            wall = pymunk.Segment(static, corners[k], corners[(k + 1) % 4], 0)
            wall.friction = FRICTION
            space.add(wall)
        bodies = [add_box(space, *f) for f in scene_frames(kind, p)]
    else:
        floor = pymunk.Poly(static, [(-1000, p["floor_y"]), (1375, p["floor_y"]), (1375, p["floor_y"] + 100),
                                     (-1000, p["floor_y"] + 100)])
        floor.friction = FRICTION
        space.add(floor)
        bodies = [add_box(space, *f) for f in stack_frames(p["count"], p["width"], p["height"], p["floor_y"])]
    return space, bodies


def main():
    repeats = repeats_from_arguments(sys.argv)
    results = {}
    for name, (kind, parameters) in SCENES.items():
        results[name] = run_timed(
            step=lambda world: world[0].step(DT),
            steps_first=120,
            steps_total=360,
            repeats=repeats,
            build=lambda: build(kind, parameters),
            awake_count=lambda world: sum(1 for b in world[1] if not b.is_sleeping),
        )
    print(json.dumps({"engine": "pymunk " + pymunk.version, "scenes": results}))


if __name__ == "__main__":
    main()
