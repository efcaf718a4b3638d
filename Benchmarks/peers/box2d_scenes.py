"""The KineticDynamics reference scenes in pybox2d (Box2D 2.3), at Box2D's defaults (8 velocity and 3 position
iterations, sleeping on), stepped at 1/120 s. Box2D works in metres: 100 pt = 1 m, gravity 10 m/s^2 down.
Prints one JSON object: {"engine", "scenes": {name: figures}}.

    pip install box2d
    python3 Benchmarks/peers/box2d_scenes.py [--repeat N]"""
import json
import sys

import Box2D
from Box2D import b2EdgeShape, b2PolygonShape, b2World

from scenes import SCENES, repeats_from_arguments, run_timed, scene_frames, stack_frames

DT = 1.0 / 120.0
SCALE = 0.01  # metres per point


def add_box(world, x, y, w, h):
    body = world.CreateDynamicBody(position=((x + w / 2) * SCALE, (y + h / 2) * SCALE))
    body.CreatePolygonFixture(box=(w / 2 * SCALE, h / 2 * SCALE), density=1.0, friction=0.5)
    return body


def build(kind, p):
    world = b2World(gravity=(0, 10), doSleep=True)
    ground = world.CreateStaticBody()
    if kind in ("pile", "columns"):
        w, h = p["width"] * SCALE, p["height"] * SCALE
        corners = [(0, 0), (w, 0), (w, h), (0, h)]
        for k in range(4):
            ground.CreateFixture(shape=b2EdgeShape(vertices=[corners[k], corners[(k + 1) % 4]]), friction=0.5)
        bodies = [add_box(world, *f) for f in scene_frames(kind, p)]
    else:
        floor_y = p["floor_y"] * SCALE
        ground.CreateFixture(
            shape=b2PolygonShape(box=(11.875, 0.5, (1.875, floor_y + 0.5), 0)), friction=0.5)
        bodies = [add_box(world, *f) for f in stack_frames(p["count"], p["width"], p["height"], p["floor_y"])]
    return world, bodies


def main():
    repeats = repeats_from_arguments(sys.argv)
    results = {}
    for name, (kind, parameters) in SCENES.items():
        results[name] = run_timed(
            step=lambda world: world[0].Step(DT, 8, 3),
            steps_first=120,
            steps_total=360,
            repeats=repeats,
            build=lambda: build(kind, parameters),
            awake_count=lambda world: sum(1 for b in world[1] if b.awake),
        )
    print(json.dumps({"engine": "Box2D " + Box2D.__version__, "scenes": results}))


if __name__ == "__main__":
    main()
