import Synchronization

/// The pictures of `ImageLayer`s, each file decoded once and shared by every frame a renderer draws (on any
/// thread), with the error for a file that could not be read, so it is reported without trying again.
final class PictureCache: Sendable {
    private let pictures = Mutex<[String: Result<RGBAFrame, RasterError>]>([:])

    /// The picture at `path`, decoded on first use.
    func picture(at path: String) -> Result<RGBAFrame, RasterError> {
        if let known = pictures.withLock({ $0[path] }) { return known }
        let decoded = Result { () throws(RasterError) in try RGBAFrame(contentsOfImageFile: path) }
        pictures.withLock { $0[path] = decoded }
        return decoded
    }
}
