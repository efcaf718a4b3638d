import KineticAnimation
import KineticCore
import KineticLayers

/// The seed style's layers: one box-sized slot per distinct value, each holding a centred label (the article's
/// `UILabel` with centred text). A slot waits one box height below (or above) the box, slides in when its value
/// arrives and slides out the other way when the next one does; the box clips whatever is outside.
///
/// Slot i's model position is the box's centre. Two animations move it, as PMElevateLabel's two `setOrigin`
/// calls inside `UIView.animate` do:
/// - "enter" (from ±height to 0 offset) begins when value i arrives and fills backwards, so the slot waits
///   outside before;
/// - "leave" (from 0 to ∓height) begins when value i + 1 arrives and fills forwards, so it stays outside after.
///   It is added last, so when the next value comes before the slide in has finished it takes over from the rest
///   position, as the article's reset to `.zero` does.
struct ElevatorSeedLayers<Measurer: TextMeasuring> {
    let spec: ElevatorNumber
    let measurer: Measurer

    /// The changes that change something: a value equal to the current one is dropped (the article returns
    /// early), and of several values at the same time the last one wins.
    static func effectiveChanges(_ changes: [NumberChange], format: NumberFormat) -> [NumberChange] {
        var result: [NumberChange] = []
        for change in changes {
            if let last = result.last, last.time == change.time {
                result.removeLast()
            }
            if let last = result.last, format.string(for: last.value) == format.string(for: change.value) {
                continue
            }
            result.append(change)
        }
        return result
    }

    func slots() -> [Layer] {
        let box = spec.resolvedBoxSize
        let changes = Self.effectiveChanges(spec.changes, format: spec.format)
        let center = Point(x: box.width / 2, y: box.height / 2)
        let metrics = measurer.lineMetrics(for: spec.font)
        let lineHeight = metrics.ascent + metrics.descent
        let (duration, timingFunction): (MediaTime, TimingFunction)
        switch spec.transition {
        case .timed(let length, let function): (duration, timingFunction) = (length, function)
        case .instant: (duration, timingFunction) = (1e-9, .stepStart)
        case .spring, .easeOutExpo: (duration, timingFunction) = (1, .linear)  // refused by ElevatorNumber.validate()
        }
        // The offset a slot enters from for change i (i ≥ 1): +height from below when the value grows.
        func entryOffset(_ index: Int) -> Double {
            changes[index - 1].value > changes[index].value ? -box.height : box.height
        }
        var slots: [Layer] = []
        for (index, change) in changes.enumerated() {
            let slot = Layer(frame: Rect(origin: .zero, size: box))
            slot.name = "value-\(index)"
            let label = TextLayer(
                string: spec.format.string(for: change.value), font: spec.font, color: spec.textColor)
            label.frame = Rect(x: 0, y: (box.height - lineHeight) / 2, width: box.width, height: lineHeight)
            label.alignment = spec.alignment
            slot.addSublayer(label)
            if index > 0 {
                let from = Point(x: center.x, y: center.y + entryOffset(index))
                slot.add(
                    BasicAnimation(
                        from: from, to: center,
                        timing: MediaTiming(beginTime: change.time, duration: duration, fillMode: .backwards),
                        timingFunction: timingFunction),
                    for: \.position, key: "enter")
            }
            if index + 1 < changes.count {
                let to = Point(x: center.x, y: center.y - entryOffset(index + 1))
                slot.add(
                    BasicAnimation(
                        from: center, to: to,
                        timing: MediaTiming(
                            beginTime: changes[index + 1].time, duration: duration, fillMode: .forwards),
                        timingFunction: timingFunction),
                    for: \.position, key: "leave")
            }
            slots.append(slot)
        }
        return slots
    }
}
