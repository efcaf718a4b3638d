import KineticCore
import KineticLayers

/// A phone screen to collapse (the demo's and the tests' scene): a status bar, a large title, a search field, two
/// buttons, a list of settings cells and a tab bar, in iOS's light grouped style. 375 × 667 points by default.
public struct ExampleScreen: Sendable {
    /// The screen's size in points. Default 375 × 667 (an iPhone 8 screen, as in the seed's era).
    public var size: Size

    public init(size: Size = Size(width: 375, height: 667)) {
        self.size = size
    }

    enum Palette {
        static let background = Color(red: 0.949, green: 0.949, blue: 0.969)  // systemGroupedBackground
        static let label = Color(white: 0)
        static let secondary = Color(red: 0.235, green: 0.235, blue: 0.263, alpha: 0.6)
        static let fill = Color(red: 0.463, green: 0.463, blue: 0.502, alpha: 0.12)
        static let blue = Color(red: 0, green: 0.478, blue: 1)
        static let cell = Color.white
        static let icons: [Color] = [
            Color(red: 1, green: 0.584, blue: 0), Color(red: 0.204, green: 0.78, blue: 0.349),
            Color(red: 0, green: 0.478, blue: 1), Color(red: 1, green: 0.231, blue: 0.188),
            Color(red: 0.345, green: 0.337, blue: 0.839), Color(red: 0.557, green: 0.557, blue: 0.576),
        ]
    }

    /// Builds the screen's layer tree. Containers without a look of their own (the status bar, the list) are
    /// looked through by `Collapse`, so their children fall one by one; cells, buttons, the search field and the tab
    /// bar fall whole.
    public func makeLayer() -> Layer {
        let w = size.width
        let root = Layer(frame: Rect(origin: .zero, size: size))
        root.name = "screen"
        root.backgroundColor = Palette.background

        // Status bar: time, signal bars, battery — a pure container.
        let status = Layer(frame: Rect(x: 0, y: 0, width: w, height: 44))
        status.name = "status bar"
        status.addSublayer(text("9:41", frame: Rect(x: 20, y: 12, width: 54, height: 20), size: 15, weight: 600))
        var bars = Path()
        for i in 0..<4 {
            let h = 4.0 + Double(i) * 2.5
            bars.addRoundedRect(Rect(x: Double(i) * 5, y: 12 - h, width: 3, height: h), cornerRadius: 1)
        }
        let signal = ShapeLayer(path: bars, fillColor: Palette.label)
        signal.name = "signal"
        signal.frame = Rect(x: w - 88, y: 16, width: 18, height: 12)
        status.addSublayer(signal)
        let battery = ShapeLayer(
            path: .roundedRect(Rect(x: 0, y: 0, width: 24, height: 12), cornerRadius: 3), fillColor: Palette.label)
        battery.name = "battery"
        battery.frame = Rect(x: w - 44, y: 16, width: 24, height: 12)
        status.addSublayer(battery)
        root.addSublayer(status)

        root.addSublayer(text("Settings", frame: Rect(x: 16, y: 52, width: 200, height: 41), size: 34, weight: 700))

        let search = Layer(frame: Rect(x: 16, y: 102, width: w - 32, height: 36))
        search.name = "search"
        search.backgroundColor = Palette.fill
        search.cornerRadius = 10
        let placeholder = text("Search", frame: Rect(x: 12, y: 8, width: 120, height: 20), size: 17)
        placeholder.foregroundColor = Palette.secondary
        search.addSublayer(placeholder)
        root.addSublayer(search)

        for (i, title) in ["Follow", "Share"].enumerated() {
            let width = (w - 44) / 2
            let button = Layer(frame: Rect(x: 16 + Double(i) * (width + 12), y: 152, width: width, height: 40))
            button.name = title.lowercased() + " button"
            button.backgroundColor = i == 0 ? Palette.blue : Palette.fill
            button.cornerRadius = 12
            let label = text(title, frame: Rect(x: 0, y: 10, width: width, height: 20), size: 16, weight: 600)
            label.alignment = .center
            label.foregroundColor = i == 0 ? .white : Palette.blue
            button.addSublayer(label)
            root.addSublayer(button)
        }

        // The list: a pure container of cells (each cell falls with its icon, title and chevron).
        let list = Layer(frame: Rect(x: 16, y: 208, width: w - 32, height: 6 * 45))
        list.name = "list"
        let titles = ["Airplane Mode", "Wi-Fi", "Bluetooth", "Notifications", "Focus", "General"]
        for (i, title) in titles.enumerated() {
            let cell = Layer(frame: Rect(x: 0, y: Double(i) * 45, width: w - 32, height: 44))
            cell.name = "cell \(title)"
            cell.backgroundColor = Palette.cell
            cell.cornerRadius = i == 0 || i == titles.count - 1 ? 10 : 0
            let icon = Layer(frame: Rect(x: 14, y: 8, width: 28, height: 28))
            icon.backgroundColor = Palette.icons[i % Palette.icons.count]
            icon.cornerRadius = 7
            cell.addSublayer(icon)
            cell.addSublayer(text(title, frame: Rect(x: 56, y: 12, width: 200, height: 20), size: 17))
            var chevron = Path()
            chevron.move(to: Point(x: 0, y: 0))
            chevron.addLine(to: Point(x: 5, y: 6))
            chevron.addLine(to: Point(x: 0, y: 12))
            let arrow = ShapeLayer(path: chevron, fillColor: nil, strokeColor: Color(white: 0.77), lineWidth: 2)
            arrow.lineCap = .round
            arrow.lineJoin = .round
            arrow.frame = Rect(x: w - 32 - 24, y: 16, width: 6, height: 12)
            cell.addSublayer(arrow)
            list.addSublayer(cell)
        }
        root.addSublayer(list)

        // Tab bar: one piece with its icons and labels.
        let tabBar = Layer(frame: Rect(x: 0, y: size.height - 50, width: w, height: 50))
        tabBar.name = "tab bar"
        tabBar.backgroundColor = Color(white: 0.976, alpha: 0.94)
        tabBar.borderColor = Color(white: 0, alpha: 0.1)
        tabBar.borderWidth = 0.5
        for (i, name) in ["Home", "Search", "Settings"].enumerated() {
            let slot = w / 3
            let dot = Layer(frame: Rect(x: Double(i) * slot + slot / 2 - 12, y: 6, width: 24, height: 24))
            dot.backgroundColor = i == 2 ? Palette.blue : Color(white: 0.6)
            dot.cornerRadius = 6
            tabBar.addSublayer(dot)
            let label = text(
                name, frame: Rect(x: Double(i) * slot, y: 32, width: slot, height: 14), size: 10, weight: 500)
            label.alignment = .center
            label.foregroundColor = i == 2 ? Palette.blue : Color(white: 0.5)
            tabBar.addSublayer(label)
        }
        root.addSublayer(tabBar)
        return root
    }

    private func text(_ string: String, frame: Rect, size: Double, weight: Int = 400) -> TextLayer {
        let layer = TextLayer(string: string, font: Font(weight: weight, size: size), color: Palette.label)
        layer.frame = frame
        layer.name = string
        return layer
    }
}
