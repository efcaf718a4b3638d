// KineticTerminal: Kinetic's effects live in a terminal.
//
// Two ways to draw: pixels (a rendered `RGBAFrame` shown with Unicode half blocks, two pixels per cell) and text
// (styled character cells: a shimmer sweep, live digits, rolling digit cells). Both go through `TerminalScreen`
// and `FrameDiffRenderer`, which writes only what changed since the previous frame. `TerminalSession` owns the
// terminal (raw mode, alternate screen, hidden cursor, signal-safe restore, resize) and `InlineLine` draws on the
// current line of a command-line tool's output.
//
// Dependencies (docs/ARCHITECTURE.md): Terminal imports Layers and Effects (for its text mode). It also imports
// KineticRaster, for `RGBAFrame` and `LayerRenderer` (the pixel mode shows frames that Raster renders), and
// KineticAnimation for `FrameTicker`, the playback loop.
