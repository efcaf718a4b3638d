import KineticAnimation
import KineticCore
import KineticLayers

/// Layers that draw a `DigitColumnManager`'s columns (the elevator's digits style and the count-up):
///
/// ```
/// number (one line tall, as wide as the box, centred vertically in it)
///   column-<key>   anchor at its top-left; x = the column's left edge, width = its width, opacity; clips
///     cell-<c> …   one text layer per strip digit (one for a symbol), centred in the column's width; a digit
///                  cell sits `offset` cell heights below the centre and is hidden once a whole cell away
/// ```
///
/// Every moving property is a `TimelineAnimation` of the column's motions, so the tree needs nothing but
/// `presentation(at:)` to be drawn at any time; the model values are those after the last change.
struct DigitColumnLayers<Measurer: TextMeasuring> {
    let font: Font
    let color: Color
    let measurer: Measurer

    /// The "number" layer for `manager`'s columns in a box of `box` points.
    /// - Parameter margin: Points added above and below the cells' window, in which digits that roll in and out
    ///   still show (an edge fade's room, so that it never touches a character at rest: a comma's tail reaches the
    ///   cell's bottom). Default 0.
    func numberLayer(_ manager: DigitColumnManager, box: Size, margin: Double = 0) -> Layer {
        let height = manager.cellHeight
        let number = Layer(
            frame: Rect(x: 0, y: (box.height - height) / 2 - margin, width: box.width, height: height + 2 * margin))
        number.name = "number"
        let end = manager.endTime
        // Each distinct symbol is measured once (a long prefix or suffix repeats its characters).
        var advances: [Character: Double] = [:]
        for column in manager.columns {
            var advance = 0.0
            if case .symbol(let character) = column.content {
                advance = advances[character] ?? measurer.advance(of: String(character), font: font)
                advances[character] = advance
            }
            number.addSublayer(
                columnLayer(
                    column, cellWidth: manager.cellWidth, symbolAdvance: advance, height: height, margin: margin,
                    end: end))
        }
        return number
    }

    /// A mask that fades the top and bottom `fade` points of a `size` window to transparent (nil when `fade` is
    /// 0); `fade` is limited to half the height.
    static func edgeFadeMask(size: Size, fade: Double) -> Layer? {
        guard fade > 0, size.height > 0 else { return nil }
        let edge = min(fade / size.height, 0.5)
        let mask = GradientLayer()
        mask.name = "edge-fade"
        mask.frame = Rect(origin: .zero, size: size)
        mask.colors = [.clear, .black, .black, .clear]
        mask.locations = [0, edge, 1 - edge, 1]
        mask.startPoint = Point(x: 0.5, y: 0)
        mask.endPoint = Point(x: 0.5, y: 1)
        return mask
    }

    /// - Parameter symbolAdvance: The advance of a symbol column's character, in points (unused for digits).
    private func columnLayer(
        _ column: DigitColumn, cellWidth: Double, symbolAdvance: Double, height: Double, margin: Double,
        end: MediaTime
    ) -> Layer {
        let layer = Layer()
        layer.name = "column-\(column.key)"
        layer.anchorPoint = .zero
        layer.masksToBounds = true
        let final = end + 1
        let window = height + 2 * margin
        layer.bounds = Rect(x: 0, y: 0, width: column.width.value(at: final), height: window)
        layer.position = Point(x: column.left.value(at: final), y: 0)
        layer.opacity = column.opacity.value(at: final)
        let left = column.left
        let width = column.width
        let opacity = column.opacity
        layer.add(TimelineAnimation(duration: end) { Point(x: left.value(at: $0), y: 0) }, for: \.position)
        layer.add(
            TimelineAnimation(duration: end) { Rect(x: 0, y: 0, width: width.value(at: $0), height: window) },
            for: \.bounds)
        layer.add(TimelineAnimation(duration: end) { opacity.value(at: $0) }, for: \.opacity)

        switch column.content {
        case .symbol(let character):
            let cell = cellLayer(character, width: symbolAdvance, height: height)
            cell.position = Point(x: width.value(at: final) / 2, y: margin + height / 2)
            cell.add(
                TimelineAnimation(duration: end) { Point(x: width.value(at: $0) / 2, y: margin + height / 2) },
                for: \.position)
            layer.addSublayer(cell)
        case .digits(let strip):
            let roll = column.roll
            for index in strip.characters.indices {
                let cell = cellLayer(strip.characters[index], width: cellWidth, height: height)
                let restOffset = strip.offset(ofCell: index, from: roll.value(at: final))
                cell.position = Point(x: width.value(at: final) / 2, y: margin + height / 2 + restOffset * height)
                cell.isHidden = abs(restOffset) >= 1
                cell.add(
                    TimelineAnimation(duration: end) { time in
                        let offset = strip.offset(ofCell: index, from: roll.value(at: time))
                        return Point(x: width.value(at: time) / 2, y: margin + height / 2 + offset * height)
                    }, for: \.position)
                cell.add(
                    TimelineAnimation(duration: end) { time in
                        abs(strip.offset(ofCell: index, from: roll.value(at: time))) >= 1
                    }, for: \.isHidden)
                layer.addSublayer(cell)
            }
        }
        return layer
    }

    private func cellLayer(_ character: Character, width: Double, height: Double) -> TextLayer {
        let cell = TextLayer(string: String(character), font: font, color: color)
        cell.name = "cell-" + String(character)
        cell.bounds = Rect(x: 0, y: 0, width: width, height: height)
        cell.alignment = .center
        return cell
    }
}
