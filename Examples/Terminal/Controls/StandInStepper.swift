/// Stands in for `UIStepper`: the user's taps step ``value`` within its bounds and call
/// ``onValueChanged``; setting ``value`` from code does not.
@MainActor
public final class StandInStepper {
    public var value: Float
    public let minimum: Float
    public let maximum: Float
    public let step: Float
    public var onValueChanged: ((Float) -> Void)?

    public init(value: Float = 0, minimum: Float, maximum: Float, step: Float) {
        self.value = value
        self.minimum = minimum
        self.maximum = maximum
        self.step = step
    }

    public func increment() { set(value + step) }
    public func decrement() { set(value - step) }

    private func set(_ newValue: Float) {
        value = min(maximum, max(minimum, newValue))
        onValueChanged?(value)
    }

    public var rendered: String { "[ − | + ]" }
}

/// Stands in for `UISlider`: the user's drags call ``onValueChanged``.
@MainActor
public final class StandInSlider {
    public var value: Float
    public let minimum: Float
    public let maximum: Float
    public var onValueChanged: ((Float) -> Void)?

    public init(value: Float = 0, minimum: Float, maximum: Float) {
        self.value = value
        self.minimum = minimum
        self.maximum = maximum
    }

    /// The user dragged the thumb by `delta`.
    public func drag(by delta: Float) {
        value = min(maximum, max(minimum, value + delta))
        onValueChanged?(value)
    }

    public func rendered(width: Int) -> String {
        let track = max(2, width - 2)
        // Clamped: an imported or dispatched state may hold a value outside the range.
        let fraction = value.isNaN ? 0 : min(1, max(0, (value - minimum) / (maximum - minimum)))
        let position = Int((fraction * Float(track - 1)).rounded())
        return "├" + String((0..<track).map { $0 == position ? "●" : "─" }) + "┤"
    }
}

/// Stands in for `UIProgressView`.
@MainActor
public final class StandInProgressBar {
    /// From 0 to 1.
    public var progress: Float = 0

    public init() {}

    public func rendered(width: Int) -> String {
        let bar = max(1, width - 7)
        let fraction = progress.isNaN ? 0 : min(1, max(0, progress))
        let filled = Int((fraction * Float(bar)).rounded())
        let percent = Int((fraction * 100).rounded())
        return "[" + String(repeating: "█", count: filled) + String(repeating: " ", count: bar - filled) + "] "
            + "\(percent)%".fitted(to: 4)
    }
}

/// Stands in for `UISegmentedControl`: the user's choice calls ``onSelect``.
@MainActor
public final class StandInSegmentedControl {
    public let titles: [String]
    public var selectedIndex = 0
    public var onSelect: ((Int) -> Void)?

    public init(titles: [String]) {
        precondition(!titles.isEmpty, "StandInSegmentedControl needs at least one title")
        self.titles = titles
    }

    /// The user chose the next segment (wrapping around).
    public func selectNext() {
        selectedIndex = (selectedIndex + 1) % titles.count
        onSelect?(selectedIndex)
    }

    public var rendered: String {
        titles.enumerated().map { $0.offset == selectedIndex ? "[\($0.element)]" : " \($0.element) " }.joined(separator: "|")
    }
}
