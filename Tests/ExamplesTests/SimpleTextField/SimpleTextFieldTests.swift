import ExampleTerminal
import Reflow
import ReflowTesting
import Testing
@testable import SimpleTextFieldKit

@MainActor
@Suite struct SimpleTextFieldTests {
    @Test func setContent_replacesTheText() {
        var state = TextState(content: "old")
        textReducer.reduce(&state, SetContent(content: "new"))
        #expect(state == TextState(content: "new"))
    }

    @Test func clearContent_emptiesIt() {
        var state = TextState(content: "old")
        textReducer.reduce(&state, ClearContent())
        #expect(state == TextState())
    }

    @Test func props_countTheCharacters() {
        #expect(textProps(from: TextState()).summary == "The field is empty.")
        #expect(textProps(from: TextState(content: "a")).summary == "You typed “a” (1 character).")
        #expect(textProps(from: TextState(content: "héllo")).summary == "You typed “héllo” (5 characters).")
    }

    @Test func actions_dispatchWhatTheyNameTheirActions() {
        let recorder = DispatchRecorder()
        let actions = textActions(recorder.dispatch)
        actions.setContent("hi")
        actions.clear()
        #expect(recorder.actions(of: SetContent.self) == [SetContent(content: "hi")])
        #expect(recorder.actions(of: ClearContent.self).count == 1)
    }

    @Test func typing_goesThroughTheStore_toTheFieldAndTheLabel() {
        let store = Store(reducer: textReducer, state: TextState())
        let screen = SimpleTextFieldScreen(store: store)
        for character in "Hey" { _ = screen.handle(.character(character)) }
        _ = screen.handle(.backspace)
        #expect(store.state.content == "He")
        #expect(screen.textField.text == "He")
        #expect(screen.label.text == "You typed “He” (2 characters).")
        _ = screen.handle(.escape)
        #expect(screen.textField.text == "")
        #expect(screen.frame(size: .standard).contains("   The field is empty."))
        #expect(screen.handle(.interrupt) == .quit)
        screen.finish()
    }
}
