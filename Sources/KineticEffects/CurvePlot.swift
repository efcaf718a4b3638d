import KineticCore
import KineticLayers

/// A line chart of sampled values (a timing curve's y over x, a spring's position over time) as a layer tree:
/// grid, axes with tick labels, the curve and its name. `kinetic sample … --plot FILE.png` renders it.
public struct CurvePlot: Sendable {
    /// The samples, (x, y) in data units, in increasing x.
    public var points: [Point]
    /// The title drawn above the plot (e.g. the curve's CSS text).
    public var title: String
    /// The label of the horizontal axis. Default "x".
    public var xLabel: String
    /// The label of the vertical axis. Default "y".
    public var yLabel: String
    /// The size of the picture, in points. Default 480 × 360.
    public var size: Size
    /// Horizontal reference lines to emphasise (e.g. the target 1 of a spring), in data units. Default [0, 1].
    public var referenceLines: [Double]
    /// The colour of the curve. Default #0A84FF (iOS system blue, dark mode).
    public var curveColor: Color

    public init(
        points: [Point], title: String, xLabel: String = "x", yLabel: String = "y",
        size: Size = Size(width: 480, height: 360), referenceLines: [Double] = [0, 1],
        curveColor: Color = Color(red: 10 / 255, green: 132 / 255, blue: 1)
    ) {
        self.points = points
        self.title = title
        self.xLabel = xLabel
        self.yLabel = yLabel
        self.size = size
        self.referenceLines = referenceLines
        self.curveColor = curveColor
    }

    /// The value range shown on each axis: the data's range and the reference lines, widened to round tick steps.
    /// Points with a coordinate that is not finite are left out (they cannot be drawn).
    public var ranges: (x: ClosedRange<Double>, y: ClosedRange<Double>) {
        let finite = points.filter { $0.x.isFinite && $0.y.isFinite }
        let xs = finite.map(\.x)
        let ys = finite.map(\.y) + referenceLines.filter(\.isFinite)
        let x0 = xs.min() ?? 0
        let x1 = max(xs.max() ?? 1, x0 + 1e-9)
        var y0 = ys.min() ?? 0
        var y1 = max(ys.max() ?? 1, y0 + 1e-9)
        let pad = (y1 - y0) * 0.05
        y0 -= pad
        y1 += pad
        return (x0...x1, y0...y1)
    }

    /// Builds the layer tree: a white card with the plot area inset for labels.
    public func makeLayer() -> Layer {
        let root = Layer(frame: Rect(origin: .zero, size: size))
        root.backgroundColor = .white
        let plotArea = Rect(x: 56, y: 40, width: size.width - 76, height: size.height - 84)
        let (xr, yr) = ranges
        func map(_ p: Point) -> Point {
            Point(
                x: plotArea.minX + (p.x - xr.lowerBound) / (xr.upperBound - xr.lowerBound) * plotArea.width,
                y: plotArea.maxY - (p.y - yr.lowerBound) / (yr.upperBound - yr.lowerBound) * plotArea.height)
        }
        let labelFont = Font(size: 11)
        let grey = Color(white: 0.35)

        var grid = Path()
        for tick in CurvePlot.ticks(in: xr) {
            let x = map(Point(x: tick, y: 0)).x
            grid.addLine(from: Point(x: x, y: plotArea.minY), to: Point(x: x, y: plotArea.maxY))
            root.addSublayer(label(CurvePlot.format(tick), at: Point(x: x, y: plotArea.maxY + 12), font: labelFont))
        }
        for tick in CurvePlot.ticks(in: yr) {
            let y = map(Point(x: xr.lowerBound, y: tick)).y
            grid.addLine(from: Point(x: plotArea.minX, y: y), to: Point(x: plotArea.maxX, y: y))
            let text = label(CurvePlot.format(tick), at: Point(x: plotArea.minX - 26, y: y), font: labelFont)
            text.alignment = .right
            root.addSublayer(text)
        }
        let gridLayer = ShapeLayer(path: grid, fillColor: nil, strokeColor: Color(white: 0.88), lineWidth: 1)
        root.insertSublayer(gridLayer, at: 0)

        var references = Path()
        for value in referenceLines where yr.contains(value) {
            let y = map(Point(x: xr.lowerBound, y: value)).y
            references.addLine(from: Point(x: plotArea.minX, y: y), to: Point(x: plotArea.maxX, y: y))
        }
        let referenceLayer = ShapeLayer(path: references, fillColor: nil, strokeColor: Color(white: 0.55), lineWidth: 1)
        referenceLayer.lineDashPattern = [4, 3]
        root.addSublayer(referenceLayer)

        let frame = ShapeLayer(path: .rect(plotArea), fillColor: nil, strokeColor: Color(white: 0.6), lineWidth: 1)
        root.addSublayer(frame)

        var curve = Path()
        for (i, point) in points.filter({ $0.x.isFinite && $0.y.isFinite }).enumerated() {
            if i == 0 { curve.move(to: map(point)) } else { curve.addLine(to: map(point)) }
        }
        let curveLayer = ShapeLayer(path: curve, fillColor: nil, strokeColor: curveColor, lineWidth: 2)
        curveLayer.lineJoin = .round
        curveLayer.lineCap = .round
        root.addSublayer(curveLayer)

        let titleLayer = label(title, at: Point(x: size.width / 2, y: 20), font: Font(weight: 600, size: 14))
        titleLayer.bounds.size.width = size.width - 20
        titleLayer.alignment = .center
        titleLayer.foregroundColor = Color(white: 0.1)
        root.addSublayer(titleLayer)
        let xAxis = label(xLabel, at: Point(x: plotArea.midX, y: size.height - 14), font: labelFont)
        xAxis.alignment = .center
        xAxis.foregroundColor = grey
        root.addSublayer(xAxis)
        let yAxis = label(yLabel, at: Point(x: 14, y: plotArea.midY), font: labelFont)
        yAxis.alignment = .center
        yAxis.foregroundColor = grey
        yAxis.transform = .rotation(-Double.pi / 2)
        root.addSublayer(yAxis)
        return root
    }

    private func label(_ text: String, at center: Point, font: Font) -> TextLayer {
        let layer = TextLayer(string: text, font: font, color: Color(white: 0.35))
        layer.bounds = Rect(x: 0, y: 0, width: 48, height: font.size * 1.4)
        layer.position = center
        layer.alignment = .center
        return layer
    }

    /// Round tick values (steps of 1, 2 or 5 × 10ⁿ) covering `range` with about five ticks.
    static func ticks(in range: ClosedRange<Double>) -> [Double] {
        let span = range.upperBound - range.lowerBound
        guard span > 0, span.isFinite else { return [range.lowerBound] }
        let raw = span / 5
        var magnitude = 1.0
        while magnitude * 10 <= raw { magnitude *= 10 }
        while magnitude > raw { magnitude /= 10 }
        let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? magnitude * 10
        var tick = (range.lowerBound / step).rounded(.up) * step
        var ticks: [Double] = []
        while tick <= range.upperBound + step * 1e-9, ticks.count <= 20 {
            ticks.append(abs(tick) < step * 1e-9 ? 0 : tick)
            tick += step
        }
        return ticks
    }

    /// A tick label: up to three decimals, no trailing zeros.
    static func format(_ value: Double) -> String {
        let scaled = (value * 1000).rounded() / 1000
        guard scaled.isFinite else { return "\(value)" }
        if scaled == scaled.rounded(), abs(scaled) < 1e15 { return String(Int64(scaled)) }
        var text = "\(scaled)"
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}
