/// KineticRaster: the Linux renderer (Cairo + Pango) and the image and video encoders.
///
/// - One call: `try clip.render(to: "out.gif")` (or `try effect.render(to:)`) draws any ``Clip`` — every
///   effect's `makeClip(measuring:)` makes one — to .png, .apng, .gif, .mp4 or .webm with ``RenderOptions``
///   (frame rate, scale, still time, background, encoder settings), checking the clip against
///   ``RenderLimits`` first; ``RenderPlan`` says what would be written without writing it.
/// - Drawing: `LayerRenderer` draws a layer tree's presentation at a time into an `RGBAFrame` (premultiplied
///   RGBA8), honouring every layer property and reporting what it could not draw as `RenderWarning`s;
///   `PangoTextMeasurer` measures text exactly as it draws it, for effects that lay text out.
/// - Encoding: `OutputFormat.makeEncoder(path:width:height:options:)` returns a `FrameEncoder` for each format;
///   every encoder writes through `OutputFile` (KineticFiles: a temporary file renamed when complete) and streams
///   frame by frame in constant memory. `renderSequence` renders on all cores and encodes in order, with an
///   optional `ProgressReporter` (KineticFiles) on stderr.
/// - Cairo and Pango wrappers: `CairoSurface`, `CairoContext`, `CairoPattern`, `TextContext` (SPI: the benchmarks
///   reach them with `@_spi(Internals) import KineticRaster`; no product exposes them), `PangoTextLayout` (package).
///
/// Only this module touches C APIs; each C pointer is owned by one `final class` that frees it in `deinit`.
