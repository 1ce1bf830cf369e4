import ExampleTerminal
import Reflow

/// The screen: five controls bound to one value, with `mapping:` where the control's type
/// is not the prop's (Float ↔ String for the field, Float ↔ index for the segments).
@MainActor
public final class SteppingUpScreen: TerminalProgram {
    public let name = "SteppingUp"
    public var onChange: (@MainActor () -> Void)?
    public let stepper = StandInStepper(minimum: StepState.range.lowerBound, maximum: StepState.range.upperBound, step: 1)
    public let slider = StandInSlider(minimum: StepState.range.lowerBound, maximum: StepState.range.upperBound)
    public let textField = StandInTextField(placeholder: "0.0")
    public let segments = StandInSegmentedControl(titles: StepMapping.segmentTitles)
    public let progressBar = StandInProgressBar()
    /// Why the last text typed was not taken, if it was not.
    public private(set) var fieldError: String?
    /// Whether the user is typing in the field: the first digit replaces what the store put
    /// there, as a field that selects all on focus does.
    private var isEditingField = false
    public let connection: Connection<StepState, StepProps, StepActions>
    private var bindings: [SubscriptionHandle] = []

    public init(store: Store<StepState>) {
        connection = Connection(store: store, mapStateToProps: stepProps(from:), mapDispatchToActions: stepActions)
        bindings += [
            connection.bind(\.value, to: stepper, \.value),
            connection.bind(\.value, to: slider, \.value),
            connection.bind(\.value, to: textField, \.text, mapping: StepMapping.text(from:)),
            connection.bind(\.value, to: segments, \.selectedIndex, mapping: StepMapping.segment(from:)),
            connection.bind(\.progress, to: progressBar, \.progress),
            connection.bind(\.self) { [weak self] _ in self?.onChange?() },
        ]
        let actions = connection.actions
        stepper.onValueChanged = { actions.setValue($0) }
        slider.onValueChanged = { actions.setValue($0) }
        segments.onSelect = { actions.setValue(StepMapping.value(fromSegment: $0)) }
        textField.onCommit = { [weak self] text in
            guard let value = StepMapping.value(from: text) else {
                self?.fieldError = "“\(text)” is not a number from 0 to 10"
                self?.onChange?()
                return
            }
            self?.fieldError = nil
            actions.setValue(value)
            self?.textField.text = StepMapping.text(from: value)   // "7" reads back as "7.0"
        }
        connection.connect()
    }

    public var isBusy: Bool { false }

    public func handle(_ key: Key) -> KeyOutcome {
        let wasEditing = isEditingField
        isEditingField = false
        switch key {
        case .interrupt, .endOfInput, .character("q"): return .quit
        case .character("+"): stepper.increment()
        case .character("-"): stepper.decrement()
        case .right: slider.drag(by: 0.5)
        case .left: slider.drag(by: -0.5)
        case .tab: segments.selectNext()
        case .character(let character) where character.isNumber || character == ".":
            if !wasEditing { textField.text = "" }
            textField.type(character)
            isEditingField = true
        case .backspace, .delete:
            textField.edit(key)
            isEditingField = true
        case .paste(let text):
            if !wasEditing { textField.text = "" }
            textField.paste(text.filter { $0.isNumber || $0 == "." })
            isEditingField = true
        case .escape:
            // Gives up the typing: the field shows the value again, without the warning.
            fieldError = nil
            textField.text = StepMapping.text(from: connection.props.value)
        case .enter: textField.commit()
        default: return .handled
        }
        onChange?()
        return .handled
    }

    public func frame(size: TerminalSize) -> [String] {
        var lines = [" SteppingUp — one value in the store, five controls bound to it", ""]
        lines.append("   Stepper   \(stepper.rendered)    value \(StepMapping.text(from: connection.props.value))")
        lines.append("   Slider    " + slider.rendered(width: 32))
        lines.append("   Text      " + textField.rendered(width: 12, focused: true) + (fieldError.map { "  ⚠ \($0)" } ?? ""))
        lines.append("   Segments  " + segments.rendered)
        lines.append("   Progress  " + progressBar.rendered(width: 32))
        return size.screen(lines, footer: " + - stepper · ← → slider · Tab segments · digits, Enter, Esc: the field · q quit")
    }

    public func finish() {
        bindings.forEach { $0.cancel() }
        connection.disconnect()
    }

    public static let demoScript = """
        type ++
        key right 3
        key tab
        type 9.5
        key enter
        type 12
        key enter
        """
}
