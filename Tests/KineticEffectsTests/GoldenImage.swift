import KineticTestSupport

/// This target's goldens, `Tests/Golden/KineticEffectsTests/` (see `GoldenImages`).
let GoldenImage = GoldenImages(target: "KineticEffectsTests")
