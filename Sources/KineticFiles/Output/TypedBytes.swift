extension Array where Element == UInt8 {
    /// `withUnsafeBytes` for a body with a typed error (the standard one is `rethrows`, which loses the error's
    /// type): the writers of KineticFiles and KineticRaster throw `FileError` and `RasterError`.
    package func withBytes<Failure: Error>(_ body: (UnsafeRawBufferPointer) throws(Failure) -> Void) throws(Failure) {
        let failure = withUnsafeBytes { raw -> Failure? in
            do throws(Failure) {
                try body(raw)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }
}
