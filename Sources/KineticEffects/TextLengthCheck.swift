import KineticLayers

extension TextLengthLimit {
    /// Checks that `string` has at most `maximumCharacters` characters (extended grapheme clusters).
    ///
    /// - Parameters:
    ///   - string: The text to check.
    ///   - name: What the text is, as the caller's user knows it: "the shimmer text", "the prefix", or a
    ///     command-line option such as "--text".
    /// - Throws: `EffectSpecError` naming the text, the limit and the length given, e.g. "--text is 150,000
    ///   characters long; at most 100,000 characters (extended grapheme clusters) can be laid out: shorten it".
    public static func validate(_ string: String, name: String) throws(EffectSpecError) {
        guard let length = excessLength(of: string) else { return }
        throw EffectSpecError(
            "\(name) is \(grouped(length)) characters long; at most \(grouped(maximumCharacters)) characters "
                + "(extended grapheme clusters) can be laid out: shorten it")
    }
}
