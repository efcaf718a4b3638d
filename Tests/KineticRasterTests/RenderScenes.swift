import KineticAnimation
import KineticCore
import KineticLayers

/// Small scenes, one per layer feature, for the renderer's golden images. Each is a root layer of
/// `RenderScenes.size` points on a light background unless said otherwise.
enum RenderScenes {
    /// Every scene's canvas: 160 × 120 points.
    static let size = Size(width: 160, height: 120)
    /// The canvas colour (iOS's grouped background).
    static let canvas = Color(red: 0.949, green: 0.949, blue: 0.969)

    static let red = Color(red: 1, green: 0.231, blue: 0.188)
    static let orange = Color(red: 1, green: 0.584, blue: 0)
    static let yellow = Color(red: 1, green: 0.8, blue: 0)
    static let green = Color(red: 0.204, green: 0.78, blue: 0.349)
    static let blue = Color(red: 0, green: 0.478, blue: 1)
    static let purple = Color(red: 0.686, green: 0.322, blue: 0.871)
    static let ink = Color(white: 0.11)

    static func root(_ size: Size = size) -> Layer {
        Layer(frame: Rect(origin: .zero, size: size))
    }

    static func box(_ frame: Rect, _ color: Color?, cornerRadius: Double = 0) -> Layer {
        let layer = Layer(frame: frame)
        layer.backgroundColor = color
        layer.cornerRadius = cornerRadius
        return layer
    }

    // MARK: Layer basics

    /// A rounded rectangle, and a square whose radius is larger than half its side (a circle).
    static func background() -> Layer {
        let root = root(Size(width: 80, height: 60))
        root.addSublayer(box(Rect(x: 6, y: 8, width: 44, height: 44), blue, cornerRadius: 10))
        root.addSublayer(box(Rect(x: 54, y: 18, width: 22, height: 22), orange, cornerRadius: 40))
        return root
    }

    /// Borders drawn inside the bounds over the sublayers, with the inner radius reduced by the width.
    static func border() -> Layer {
        let root = root()
        let card = box(Rect(x: 12, y: 14, width: 80, height: 92), .white, cornerRadius: 22)
        card.borderWidth = 8
        card.borderColor = blue.withAlpha(0.8)
        // Under the border: the border covers the sublayer where they overlap.
        card.addSublayer(box(Rect(x: 40, y: 30, width: 50, height: 40), orange))
        root.addSublayer(card)
        let square = box(Rect(x: 106, y: 20, width: 42, height: 42), nil)
        square.borderWidth = 1
        square.borderColor = ink
        root.addSublayer(square)
        let thick = box(Rect(x: 106, y: 72, width: 42, height: 34), green, cornerRadius: 8)
        thick.borderWidth = 30  // wider than half the height: a solid fill in the border colour
        thick.borderColor = purple
        root.addSublayer(thick)
        return root
    }

    /// Left: a group at opacity 0.5 (the overlap shows only the front square). Right: two squares at 0.5 each
    /// (the overlap is darker and mixes both).
    static func groupOpacity() -> Layer {
        let root = root()
        let group = Layer(frame: Rect(x: 8, y: 20, width: 70, height: 80))
        group.opacity = 0.5
        group.addSublayer(box(Rect(x: 0, y: 0, width: 48, height: 48), red))
        group.addSublayer(box(Rect(x: 22, y: 32, width: 48, height: 48), blue))
        root.addSublayer(group)
        let loose = Layer(frame: Rect(x: 84, y: 20, width: 70, height: 80))
        let back = box(Rect(x: 0, y: 0, width: 48, height: 48), red)
        back.opacity = 0.5
        let front = box(Rect(x: 22, y: 32, width: 48, height: 48), blue)
        front.opacity = 0.5
        loose.addSublayer(back)
        loose.addSublayer(front)
        root.addSublayer(loose)
        return root
    }

    /// Left: a rounded parent clipping its child disc; right: the same without `masksToBounds`.
    static func masksToBounds() -> Layer {
        let root = root()
        for (index, clips) in [true, false].enumerated() {
            let parent = box(Rect(x: 14 + Double(index) * 76, y: 24, width: 56, height: 72), green, cornerRadius: 18)
            parent.masksToBounds = clips
            parent.addSublayer(box(Rect(x: 22, y: -14, width: 50, height: 50), orange, cornerRadius: 25))
            parent.addSublayer(box(Rect(x: -10, y: 50, width: 40, height: 12), ink))
            root.addSublayer(parent)
        }
        return root
    }

    /// A horizontal rainbow gradient masked by bold text.
    static func maskText() -> Layer {
        let root = root()
        let gradient = GradientLayer()
        gradient.frame = Rect(x: 8, y: 30, width: 144, height: 60)
        gradient.colors = [red, orange, yellow, green, blue, purple]
        gradient.startPoint = Point(x: 0, y: 0.5)
        gradient.endPoint = Point(x: 1, y: 0.5)
        let text = TextLayer(string: "Mask", font: Font(weight: 800, size: 50))
        text.frame = Rect(x: 0, y: 0, width: 144, height: 60)
        text.alignment = .center
        gradient.mask = text
        root.addSublayer(gradient)
        return root
    }

    /// Shadows: a card, text (the glyphs' shadow) and a rotated square whose shadow turns with it.
    static func shadow() -> Layer {
        let root = root()
        let card = box(Rect(x: 14, y: 16, width: 64, height: 52), .white, cornerRadius: 12)
        card.shadowOpacity = 0.5
        card.shadowRadius = 6
        card.shadowOffset = Size(width: 0, height: 5)
        root.addSublayer(card)
        let text = TextLayer(string: "Shadow", font: Font(weight: 700, size: 24), color: blue)
        text.frame = Rect(x: 8, y: 80, width: 100, height: 32)
        text.shadowOpacity = 0.6
        text.shadowRadius = 2
        text.shadowOffset = Size(width: 2, height: 2)
        root.addSublayer(text)
        let turned = box(Rect(x: 100, y: 22, width: 40, height: 40), orange, cornerRadius: 6)
        turned.transform = .rotation(Double.pi / 6)
        turned.shadowColor = purple
        turned.shadowOpacity = 0.9
        turned.shadowRadius = 3
        turned.shadowOffset = Size(width: 8, height: 0)
        root.addSublayer(turned)
        return root
    }

    // MARK: Gradients

    /// Top: a diagonal three-colour gradient with locations [0, 0.2, 1]. Bottom: red to transparent red, which
    /// stays red while fading, over a dark bar.
    static func axialGradient() -> Layer {
        let root = root()
        let diagonal = GradientLayer()
        diagonal.frame = Rect(x: 10, y: 10, width: 140, height: 56)
        diagonal.colors = [yellow, red, blue]
        diagonal.locations = [0, 0.2, 1]
        diagonal.startPoint = Point(x: 0, y: 0)
        diagonal.endPoint = Point(x: 1, y: 1)
        root.addSublayer(diagonal)
        root.addSublayer(box(Rect(x: 10, y: 84, width: 140, height: 12), ink))
        let fade = GradientLayer()
        fade.frame = Rect(x: 10, y: 76, width: 140, height: 28)
        fade.colors = [red, red.withAlpha(0)]
        fade.startPoint = Point(x: 0, y: 0.5)
        fade.endPoint = Point(x: 1, y: 0.5)
        root.addSublayer(fade)
        return root
    }

    /// A circular radial gradient with four stops at [0, 0.3, 0.7, 1], and an elliptical one in a wide layer.
    static func radialGradient() -> Layer {
        let root = root()
        let circle = GradientLayer()
        circle.kind = .radial
        circle.frame = Rect(x: 8, y: 10, width: 70, height: 70)
        circle.colors = [.white, yellow, red, red.withAlpha(0)]
        circle.locations = [0, 0.3, 0.7, 1]
        circle.startPoint = Point(x: 0.5, y: 0.5)
        circle.endPoint = Point(x: 1, y: 1)
        root.addSublayer(circle)
        let ellipse = GradientLayer()
        ellipse.kind = .radial
        ellipse.frame = Rect(x: 84, y: 20, width: 70, height: 90)
        ellipse.colors = [blue, green, canvas]
        ellipse.startPoint = Point(x: 0.5, y: 0.3)
        ellipse.endPoint = Point(x: 1, y: 0.8)
        root.addSublayer(ellipse)
        return root
    }

    // MARK: Text

    static func label(
        _ string: String, _ frame: Rect, size: Double = 15, weight: Int = 400, alignment: TextAlignment = .natural,
        wrapping: TextWrapping = .none, truncation: TextTruncation = .none, tabular: Bool = false
    ) -> TextLayer {
        let text = TextLayer(string: string, font: Font(weight: weight, size: size, tabularDigits: tabular), color: ink)
        text.frame = frame
        text.alignment = alignment
        text.wrapping = wrapping
        text.truncation = truncation
        text.backgroundColor = Color(white: 1)
        return text
    }

    /// Left, centre and right alignment in 144-point wide boxes, and a justified paragraph.
    static func textAlignment() -> Layer {
        let root = root()
        root.addSublayer(label("Left", Rect(x: 8, y: 6, width: 144, height: 20), alignment: .left))
        root.addSublayer(label("Center", Rect(x: 8, y: 30, width: 144, height: 20), alignment: .center))
        root.addSublayer(label("Right", Rect(x: 8, y: 54, width: 144, height: 20), alignment: .right))
        let justified = label(
            "Justified text fills each line but the last one.", Rect(x: 8, y: 78, width: 144, height: 38), size: 13,
            alignment: .justified, wrapping: .word)
        root.addSublayer(justified)
        return root
    }

    /// Word wrapping (with a word longer than a line) and character wrapping, with 2 points of line spacing.
    static func textWrapping() -> Layer {
        let root = root()
        let words = label(
            "Words wrap; Supercalifragilistic breaks.", Rect(x: 6, y: 6, width: 72, height: 108),
            size: 13, wrapping: .word)
        words.lineSpacing = 2
        root.addSublayer(words)
        root.addSublayer(
            label(
                "Characters wrap anywhere at all.", Rect(x: 84, y: 6, width: 70, height: 108), size: 13,
                wrapping: .character))
        return root
    }

    /// Start, middle and end truncation on one line, and end truncation of wrapped text at the last line that fits.
    static func textTruncation() -> Layer {
        let root = root()
        let sentence = "The quick brown fox jumps over the lazy dog"
        root.addSublayer(label(sentence, Rect(x: 8, y: 6, width: 144, height: 20), truncation: .start))
        root.addSublayer(label(sentence, Rect(x: 8, y: 30, width: 144, height: 20), truncation: .middle))
        root.addSublayer(label(sentence, Rect(x: 8, y: 54, width: 144, height: 20), truncation: .end))
        root.addSublayer(
            label(
                sentence + " again and again", Rect(x: 8, y: 78, width: 144, height: 38), wrapping: .word,
                truncation: .end))
        return root
    }

    /// Japanese (Noto Sans CJK JP through the default family list), bold, and mixed with Latin.
    static func textJapanese() -> Layer {
        let root = root()
        root.addSublayer(label("日本語のテキスト", Rect(x: 8, y: 8, width: 144, height: 28), size: 18))
        root.addSublayer(label("動きのある文字", Rect(x: 8, y: 44, width: 144, height: 28), size: 18, weight: 700))
        root.addSublayer(label("Kinetic モーション", Rect(x: 8, y: 80, width: 144, height: 28), size: 15))
        return root
    }

    /// Right-aligned numbers: proportional digits on the left (the columns wobble), tabular on the right.
    static func textTabularDigits() -> Layer {
        let root = root()
        let numbers = ["1111", "8888", "1010", "7171"]
        for (index, number) in numbers.enumerated() {
            let y = 8 + Double(index) * 27
            root.addSublayer(label(number, Rect(x: 8, y: y, width: 66, height: 24), size: 20, alignment: .right))
            root.addSublayer(
                label(number, Rect(x: 86, y: y, width: 66, height: 24), size: 20, alignment: .right, tabular: true))
        }
        return root
    }

    // MARK: Shapes

    /// A five-pointed star drawn in one stroke: non-zero fills the centre, even-odd leaves it empty.
    static func shapeFillRules() -> Layer {
        let root = root()
        for (index, rule) in [FillRule.nonZero, .evenOdd].enumerated() {
            var star = Path()
            let center = Point(x: 40 + Double(index) * 80, y: 64)
            for k in 0..<5 {
                let angle = -Double.pi / 2 + Double(k) * 4 * Double.pi / 5
                let point = Point(x: center.x + 38 * cosine(angle), y: center.y + 38 * sine(angle))
                if k == 0 { star.move(to: point) } else { star.addLine(to: point) }
            }
            star.closeSubpath()
            let shape = ShapeLayer(path: star, fillColor: blue, strokeColor: ink, lineWidth: 1.5)
            shape.frame = Rect(origin: .zero, size: size)
            shape.fillRule = rule
            root.addSublayer(shape)
        }
        return root
    }

    /// Thick polylines with butt, round and square caps and miter, round and bevel joins; a thin line shows the
    /// path itself.
    static func shapeCapsJoins() -> Layer {
        let root = root()
        let styles: [(LineCap, LineJoin)] = [(.butt, .miter), (.round, .round), (.square, .bevel)]
        for (index, style) in styles.enumerated() {
            let x = 22 + Double(index) * 48
            var zigzag = Path()
            zigzag.move(to: Point(x: x, y: 96))
            zigzag.addLine(to: Point(x: x + 12, y: 30))
            zigzag.addLine(to: Point(x: x + 26, y: 96))
            let thick = ShapeLayer(path: zigzag, fillColor: nil, strokeColor: orange, lineWidth: 12)
            thick.frame = Rect(origin: .zero, size: size)
            thick.lineCap = style.0
            thick.lineJoin = style.1
            root.addSublayer(thick)
            let thin = ShapeLayer(path: zigzag, fillColor: nil, strokeColor: ink, lineWidth: 1)
            thin.frame = Rect(origin: .zero, size: size)
            root.addSublayer(thin)
        }
        return root
    }

    /// Dashed lines (long, and dotted with round caps) and a dashed circle.
    static func shapeDash() -> Layer {
        let root = root()
        var lines = Path()
        lines.addLine(from: Point(x: 10, y: 16), to: Point(x: 150, y: 16))
        let long = ShapeLayer(path: lines, fillColor: nil, strokeColor: blue, lineWidth: 4)
        long.frame = Rect(origin: .zero, size: size)
        long.lineDashPattern = [12, 6]
        root.addSublayer(long)
        var second = Path()
        second.addLine(from: Point(x: 10, y: 34), to: Point(x: 150, y: 34))
        let dots = ShapeLayer(path: second, fillColor: nil, strokeColor: red, lineWidth: 6)
        dots.frame = Rect(origin: .zero, size: size)
        dots.lineDashPattern = [0, 12]
        dots.lineCap = .round
        root.addSublayer(dots)
        let circle = ShapeLayer(
            path: .ellipse(in: Rect(x: 50, y: 48, width: 60, height: 60)), fillColor: nil, strokeColor: green,
            lineWidth: 5)
        circle.frame = Rect(origin: .zero, size: size)
        circle.lineDashPattern = [10, 5, 2, 5]
        root.addSublayer(circle)
        return root
    }

    /// `strokeEnd` animated 0 → 1 over 1 s (render at 0.5 s: half drawn): a circle from 3 o'clock clockwise, a
    /// rounded rectangle with `strokeStart` 0.25 and a dashed wave whose dashes stay put.
    static func shapeStrokeEnd() -> Layer {
        let root = root()
        let circle = ShapeLayer(
            path: .ellipse(in: Rect(x: 10, y: 10, width: 60, height: 60)), fillColor: nil, strokeColor: blue,
            lineWidth: 8)
        circle.frame = Rect(origin: .zero, size: size)
        circle.lineCap = .round
        circle.add(BasicAnimation(from: 0.0, to: 1.0, timing: MediaTiming(duration: 1)), for: \.strokeEnd)
        root.addSublayer(circle)
        let rounded = ShapeLayer(
            path: .roundedRect(Rect(x: 88, y: 10, width: 62, height: 60), cornerRadius: 14), fillColor: nil,
            strokeColor: orange, lineWidth: 6)
        rounded.frame = Rect(origin: .zero, size: size)
        rounded.strokeStart = 0.25
        rounded.strokeEnd = 0.75
        root.addSublayer(rounded)
        var wave = Path()
        wave.move(to: Point(x: 10, y: 98))
        wave.addCurve(to: Point(x: 80, y: 98), control1: Point(x: 30, y: 70), control2: Point(x: 60, y: 126))
        wave.addCurve(to: Point(x: 150, y: 98), control1: Point(x: 100, y: 70), control2: Point(x: 130, y: 126))
        let dashed = ShapeLayer(path: wave, fillColor: nil, strokeColor: purple, lineWidth: 4)
        dashed.frame = Rect(origin: .zero, size: size)
        dashed.lineDashPattern = [10, 6]
        dashed.strokeStart = 0.2
        dashed.strokeEnd = 0.9
        root.addSublayer(dashed)
        return root
    }

    // MARK: Geometry

    /// Two 60 × 36 rectangles rotated by 30°: about the centre (default anchor) and about the top-left corner
    /// (anchor (0, 0)); a dot marks each position. The rotation is an animation sampled at t = 1 (of 2 s).
    static func rotationAboutAnchor() -> Layer {
        let root = root()
        for (index, anchor) in [Point(x: 0.5, y: 0.5), Point(x: 0, y: 0)].enumerated() {
            let layer = box(Rect(x: 0, y: 0, width: 60, height: 36), index == 0 ? blue : orange, cornerRadius: 4)
            layer.anchorPoint = anchor
            layer.position = Point(x: index == 0 ? 42 : 100, y: index == 0 ? 60 : 34)
            layer.add(
                BasicAnimation(
                    from: AffineTransform.identity, to: .rotation(Double.pi / 3), timing: MediaTiming(duration: 2)),
                for: \.transform)
            root.addSublayer(layer)
            let dot = box(
                Rect(x: layer.position.x - 3, y: layer.position.y - 3, width: 6, height: 6), ink, cornerRadius: 3)
            root.addSublayer(dot)
        }
        return root
    }

    static func sine(_ angle: Double) -> Double { sineCosine(angle).sin }
    static func cosine(_ angle: Double) -> Double { sineCosine(angle).cos }
}
