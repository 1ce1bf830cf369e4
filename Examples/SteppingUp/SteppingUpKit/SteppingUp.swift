import Foundation
import Reflow

/// ReRxSwift's SteppingUp: one number in the store, shown and edited by a stepper, a slider,
/// a text field, a segmented control and a progress bar at once.
public struct StepState: Equatable, Sendable {
    public static let range: ClosedRange<Float> = 0...10
    public var value: Float = 0
    public init(value: Float = 0) { self.value = value }
}

/// Sets the value, clamped into ``StepState/range``.
public struct SetValue: Action, Equatable {
    public var value: Float
    public init(_ value: Float) { self.value = value }
}

public let stepReducer = Reducer<StepState>.on(SetValue.self) { state, action in
    state.value = min(StepState.range.upperBound, max(StepState.range.lowerBound, action.value))
}

/// What the screen shows: the value and how far along its range it is.
public struct StepProps: Equatable, Sendable {
    public var value: Float
    public var progress: Float
}

/// What the screen can do.
public struct StepActions {
    public var setValue: (Float) -> Void
}

public func stepProps(from state: StepState) -> StepProps {
    let range = StepState.range
    return StepProps(value: state.value, progress: (state.value - range.lowerBound) / (range.upperBound - range.lowerBound))
}

@MainActor
public func stepActions(_ dispatch: Dispatch) -> StepActions {
    StepActions(setValue: { dispatch(SetValue($0)) })
}

/// The two conversions the bindings use (`mapping:`), both ways.
public enum StepMapping {
    /// Float → the text field's text: one decimal.
    /// Up to two decimals, at least one: 7 → "7.0", 6.25 → "6.25" (the segments' values).
    public static func text(from value: Float) -> String {
        var text = String(format: "%.2f", value)
        if text.hasSuffix("0") { text.removeLast() }
        return text
    }

    /// The text field's text → Float, or `nil` when it is not a number in the range.
    public static func value(from text: String) -> Float? {
        guard let value = Float(text.trimmingCharacters(in: .whitespaces)), StepState.range.contains(value) else { return nil }
        return value
    }

    /// The segments' values: 0, 2.5, 5, 7.5, 10.
    public static let segmentTitles = ["0", "2.5", "5", "7.5", "10"]

    /// Float → the nearest segment; a value outside the range (an imported or dispatched
    /// state) takes the nearest end.
    public static func segment(from value: Float) -> Int {
        guard !value.isNaN else { return 0 }
        return Int((min(StepState.range.upperBound, max(StepState.range.lowerBound, value)) / 2.5).rounded())
    }

    /// A segment → Float.
    public static func value(fromSegment index: Int) -> Float { Float(index) * 2.5 }
}
