import KineticCore

/// dotLottie: a ZIP holding `manifest.json` and the animation as `animations/<id>.json` (the layout of
/// dotLottie 1, which every dotLottie player reads).
public enum DotLottie {
    /// The archive of one Lottie animation.
    ///
    /// - Parameters:
    ///   - animation: The Lottie JSON (``LottieExport/bytes``).
    ///   - id: The animation's id: its file name without `.json`. Letters, digits, `-` and `_` are kept, anything
    ///     else becomes `_`. Default "animation".
    ///   - loops: Whether players loop it (the manifest's `loop`): the clip's own ``/KineticLayers/Clip/loops`` is
    ///     the usual answer (KineticOutput passes it unless told otherwise).
    public static func archive(animation: [UInt8], id: String = "animation", loops: Bool) -> [UInt8] {
        let safe = String(
            id.unicodeScalars.map { scalar -> Character in
                scalar.isASCII
                    && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-"
                        || scalar == "_")
                    ? Character(scalar) : "_"
            })
        let name = safe.isEmpty ? "animation" : safe
        let manifest: JSONValue = .object([
            ("version", "1.0"), ("generator", "Kinetic"), ("author", "Kinetic"), ("revision", 1),
            (
                "animations",
                .array([
                    .object([
                        ("id", .string(name)), ("speed", 1), ("loop", .bool(loops)), ("direction", 1),
                        ("playMode", "normal"),
                    ])
                ])
            ),
        ])
        var zip = ZipArchive()
        zip.add("manifest.json", manifest.bytes)
        zip.add("animations/\(name).json", animation)
        return zip.bytes
    }
}
