/// KineticRaster: the Linux renderer (Cairo + Pango) and the image and video encoders.
///
/// - Frames: `RGBAFrame` (premultiplied RGBA8, straight byte order R, G, B, A).
/// - Drawing: `CairoSurface`, `CairoContext`, `CairoPattern`; text with `TextContext` and `TextLayout` (Pango).
/// - Encoding: `OutputFormat.makeEncoder(path:width:height:options:)` returns a `FrameEncoder` for
///   .png, .apng, .gif, .mp4 or .webm; every encoder writes through `OutputFile` (a temporary file renamed when
///   complete) and streams frame by frame in constant memory.
/// - Rendering many frames: `FrameSequenceRenderer` renders on all cores and encodes in order, with an optional
///   `ProgressReporter` on stderr.
///
/// Only this module touches C APIs; each C pointer is owned by one `final class` that frees it in `deinit`.
