import KineticTestSupport

/// This target's goldens, `Tests/Golden/KineticRasterTests/` (see `GoldenImages`).
let GoldenImage = GoldenImages(target: "KineticRasterTests")
