import KineticCore
import KineticRaster

/// Shows an `RGBAFrame` in character cells with the upper half block ▀: two pixels per cell, the top one as the
/// glyph's colour and the bottom one as the cell's background.
///
/// Terminal cells are about twice as tall as they are wide, so a cell stands for 1 × 2 pixels and a screen of
/// C × R cells for C × 2R square pixels. The frame is scaled to fit that box with its aspect ratio kept
/// (`fittedSize`), box-filtered (`BoxFilterScaler`: area averaging of premultiplied pixels), centred, and
/// composited over `background`, which also fills the rest of the screen.
///
/// Colour: `.trueColor`, `.palette256` and `.palette16` write 24-bit cells (`FrameDiffRenderer` maps them to the
/// nearest palette entry for 256 or 16 colours). With `.none` (`NO_COLOR`), cells keep the terminal's own colours and show the picture's
/// brightness in one bit per pixel with the half and full blocks (` `, `▀`, `▄`, `█`), dithered with a 4 × 4 Bayer
/// matrix; bright pixels are drawn (as on a dark terminal).
public struct HalfBlockRenderer: Sendable {
    /// The upper half block, U+2580.
    public static let upperHalf = "▀"

    /// The colour under transparent pixels and around the picture. Default black.
    public var background: Color
    /// The colours cells may use. Default `.trueColor`.
    public var colorSupport: ColorSupport

    /// A renderer; see the properties for the defaults.
    public init(background: Color = .black, colorSupport: ColorSupport = .trueColor) {
        self.background = background
        self.colorSupport = colorSupport
    }

    /// The pixel size a `width` × `height` frame is drawn at in `size` cells: the largest size with the frame's
    /// aspect ratio (rounded to whole pixels, at least 1 × 1) inside `size.columns` × 2 `size.rows` pixels.
    public static func fittedSize(width: Int, height: Int, in size: TerminalSize) -> (width: Int, height: Int) {
        let boxWidth = Double(size.columns)
        let boxHeight = Double(size.rows * 2)
        let scale = min(boxWidth / Double(width), boxHeight / Double(height))
        let fittedWidth = min(size.columns, max(1, Int((Double(width) * scale).rounded())))
        let fittedHeight = min(size.rows * 2, max(1, Int((Double(height) * scale).rounded())))
        return (fittedWidth, fittedHeight)
    }

    /// A screen of `size` showing `frame`, fitted and centred.
    ///
    /// - Throws: `TerminalError.invalidSize` for a size outside 1…`TerminalSize.maximumSide`.
    public func screen(for frame: RGBAFrame, size: TerminalSize) throws(TerminalError) -> TerminalScreen {
        var screen = try TerminalScreen(size: size)
        draw(frame, into: &screen)
        return screen
    }

    /// Draws `frame` over the whole of `screen`, fitted and centred.
    public func draw(_ frame: RGBAFrame, into screen: inout TerminalScreen) {
        let size = screen.size
        let fitted = Self.fittedSize(width: frame.width, height: frame.height, in: size)
        let pixels = BoxFilterScaler(
            sourceWidth: frame.width, sourceHeight: frame.height, width: fitted.width, height: fitted.height
        ).scale(frame)
        let left = (size.columns - fitted.width) / 2
        let top = (size.rows * 2 - fitted.height) / 2
        let back = RGBA8(premultiplying: background.withAlpha(1))
        let backValues = (Float(back.red), Float(back.green), Float(back.blue))

        /// The opaque colour of screen pixel (x, y): the picture composited over the background, or the background.
        func color(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
            let px = x - left
            let py = y - top
            guard px >= 0, px < fitted.width, py >= 0, py < fitted.height else {
                return (back.red, back.green, back.blue)
            }
            let i = (py * fitted.width + px) * 4
            let inverse = 1 - pixels[i + 3] / 255
            func channel(_ value: Float, _ under: Float) -> UInt8 {
                UInt8(min(255, max(0, (value + under * inverse).rounded())))
            }
            return (
                channel(pixels[i], backValues.0), channel(pixels[i + 1], backValues.1),
                channel(pixels[i + 2], backValues.2)
            )
        }

        for row in 0..<size.rows {
            for column in 0..<size.columns {
                let top = color(column, row * 2)
                let bottom = color(column, row * 2 + 1)
                if colorSupport == .none {
                    let glyph = Self.monochromeGlyph(
                        top: Self.isLit(top, x: column, y: row * 2),
                        bottom: Self.isLit(bottom, x: column, y: row * 2 + 1))
                    screen.write(TerminalCell(glyph), width: 1, column: column, row: row)
                } else {
                    let style = CellStyle(
                        foreground: .rgb(top.0, top.1, top.2), background: .rgb(bottom.0, bottom.1, bottom.2))
                    screen.write(TerminalCell(Self.upperHalf, style: style), width: 1, column: column, row: row)
                }
            }
        }
    }

    /// The 4 × 4 Bayer matrix, thresholds in 0…15.
    private static let bayer: [Int] = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5]

    /// Whether a pixel is drawn in monochrome: its luma (Rec. 601, 0…255) above the dither threshold at (x, y).
    static func isLit(_ color: (UInt8, UInt8, UInt8), x: Int, y: Int) -> Bool {
        let luma = (299 * Int(color.0) + 587 * Int(color.1) + 114 * Int(color.2)) / 1000
        let threshold = (bayer[(y & 3) * 4 + (x & 3)] * 2 + 1) * 255 / 32
        return luma > threshold
    }

    /// The block for two monochrome pixels.
    static func monochromeGlyph(top: Bool, bottom: Bool) -> String {
        switch (top, bottom) {
        case (false, false): return " "
        case (true, false): return "▀"
        case (false, true): return "▄"
        case (true, true): return "█"
        }
    }
}
