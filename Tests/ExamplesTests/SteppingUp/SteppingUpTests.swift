import ExampleTerminal
import Reflow
import ReflowTesting
import Testing
@testable import SteppingUpKit

@MainActor
@Suite struct SteppingUpTests {
    @Test func setValue_isClampedToTheRange() {
        var state = StepState()
        stepReducer.reduce(&state, SetValue(4.5))
        #expect(state.value == 4.5)
        stepReducer.reduce(&state, SetValue(11))
        #expect(state.value == 10)
        stepReducer.reduce(&state, SetValue(-1))
        #expect(state.value == 0)
    }

    @Test func props_giveTheProgressAlongTheRange() {
        #expect(stepProps(from: StepState(value: 2.5)) == StepProps(value: 2.5, progress: 0.25))
    }

    @Test func mappings_goBothWays() {
        #expect(StepMapping.text(from: 3) == "3.0")
        #expect(StepMapping.value(from: " 7.5 ") == 7.5)
        #expect(StepMapping.value(from: "abc") == nil)
        #expect(StepMapping.value(from: "12") == nil)
        #expect(StepMapping.segment(from: 6.4) == 3)
        #expect(StepMapping.value(fromSegment: 3) == 7.5)
        for index in StepMapping.segmentTitles.indices {
            #expect(StepMapping.segment(from: StepMapping.value(fromSegment: index)) == index)
        }
    }

    @Test func actions_dispatchSetValue() {
        let recorder = DispatchRecorder()
        stepActions(recorder.dispatch).setValue(6)
        #expect(recorder.actions(of: SetValue.self) == [SetValue(6)])
    }

    @Test func everyControl_followsTheValue_whicheverControlChangedIt() {
        let store = Store(reducer: stepReducer, state: StepState())
        let screen = SteppingUpScreen(store: store)
        func expectAll(_ value: Float, segment: Int, _ comment: Comment) {
            #expect(store.state.value == value, comment)
            #expect(screen.stepper.value == value, comment)
            #expect(screen.slider.value == value, comment)
            #expect(screen.textField.text == StepMapping.text(from: value), comment)
            #expect(screen.segments.selectedIndex == segment, comment)
            #expect(screen.progressBar.progress == value / 10, comment)
        }
        _ = screen.handle(.character("+"))
        expectAll(1, segment: 0, "stepper")
        _ = screen.handle(.right)
        expectAll(1.5, segment: 1, "slider")
        _ = screen.handle(.tab)
        expectAll(5, segment: 2, "segments: the next after 2.5's")
        for character in "8.5" { _ = screen.handle(.character(character)) }
        _ = screen.handle(.enter)
        expectAll(8.5, segment: 3, "text field")
        for character in "99" { _ = screen.handle(.character(character)) }
        _ = screen.handle(.enter)
        #expect(store.state.value == 8.5, "a value out of range is refused")
        #expect(screen.fieldError == "“99” is not a number from 0 to 10")
        screen.finish()
    }
}

/// A state the live inspector can produce (an imported value outside the range, which the
/// reducer would have clamped) is drawn at the nearest end, never trapped on.
@MainActor
@Suite struct SteppingUpInspectedStateTests {
    @Test(arguments: [Float(1e30), -1e30, 12, .infinity, -.infinity, .nan])
    func aValueOutsideTheRange_isDrawnAtTheNearestEnd(value: Float) {
        let screen = SteppingUpScreen(store: Store(reducer: stepReducer, state: StepState(value: value)))
        let lines = screen.frame(size: TerminalSize(columns: 80, rows: 24))
        #expect(lines.contains { $0.contains("Segments") })
        #expect((0...4).contains(StepMapping.segment(from: value)))
    }
}
