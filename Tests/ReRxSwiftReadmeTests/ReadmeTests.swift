import Testing
import Reflow

/// ReRxSwift's README code (`MyViewController.swift`) working as the README describes it,
/// against the app's global `store`: the text field shows the state once the screen
/// appears, and editing it dispatches `SetContent`.
@MainActor
@Suite(.serialized) struct ReadmeTests {
    @Test func theReadmeScreen_showsTheStateAndDispatchesEdits() {
        store.dispatch(SetContent(newContent: "from the store"))
        let controller = MyViewController()
        _ = controller.view
        // Bound in viewDidLoad: the binding fires with the current props at once.
        #expect(controller.textField.text == "from the store")
        controller.viewWillAppear(false)
        controller.textField.text = "typed"
        controller.editingChanged(controller.textField)
        #expect(store.state.content == "typed")
        #expect(controller.props.text == "typed")
        controller.viewDidDisappear(false)
        store.dispatch(SetContent(newContent: "while away"))
        #expect(controller.textField.text == "typed")
        controller.viewWillAppear(false)
        #expect(controller.textField.text == "while away")
    }

    /// ReRxSwift's `subscribe(keyPath, onNext)`, as its README documents it: `onNext` gets
    /// the current value, then each change, and not a repeat.
    @Test func subscribe_callsOnNextWhenThatPropChanges() {
        store.dispatch(SetContent(newContent: "first"))
        let controller = MyViewController()
        var texts: [String] = []
        controller.connection.subscribe(\.text) { text in
            texts.append(text)
        }
        controller.viewWillAppear(false)
        store.dispatch(SetContent(newContent: "second"))
        store.dispatch(SetContent(newContent: "second"))
        controller.viewDidDisappear(false)
        #expect(texts == ["first", "second"])
    }
}
