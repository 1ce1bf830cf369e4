import Testing
import Reflow
import ReflowTesting

// ReRxSwift's `Connectable` walkthrough, step by step, in Swift 6 language mode: a view
// controller with a `connection` property initialized from a global store and file-scope
// mappings, bound in viewDidLoad, connected while visible.

struct WalkthroughState: Equatable {
    var simpleTextField = TextState()
}

@MainActor let walkthroughStore = Store(
    reducer: textReducer.scope(\WalkthroughState.simpleTextField),
    state: WalkthroughState()
)

/// Stands in for UIKit's `UITextField`: a class with an optional `text`.
final class TextField {
    var text: String?
}

@MainActor
final class SimpleTextFieldViewController: Connectable {
    struct Props: Equatable {
        let text: String
    }

    struct Actions {
        let updatedText: (String) -> Void
    }

    // Step 1: the connection, from the global store and the file-scope mappings.
    let connection = Connection(store: walkthroughStore, mapStateToProps: walkthroughProps,
                                mapDispatchToActions: walkthroughActions)
    let textField = TextField()

    // Step 2: bind props to the view once.
    func viewDidLoad() {
        connection.bind(\Props.text, to: textField, \.text)
    }

    // Step 3: connect while the screen is visible.
    func viewWillAppear() { connection.connect() }
    func viewDidDisappear() { connection.disconnect() }

    // Step 4: the view calls only actions.
    func textFieldDidChange(_ text: String) {
        actions.updatedText(text)
    }
}

@MainActor private let walkthroughProps = { (appState: WalkthroughState) in
    SimpleTextFieldViewController.Props(text: appState.simpleTextField.content)
}

@MainActor private let walkthroughActions = { (dispatch: Dispatch) in
    SimpleTextFieldViewController.Actions(updatedText: { newText in
        dispatch(SetContent(newContent: newText))
    })
}

@MainActor
@Suite(.serialized) struct ConnectableWalkthroughTests {
    @Test func walkthrough_bindConnectTypeDisconnect() {
        let viewController = SimpleTextFieldViewController()
        let start = walkthroughStore.state.simpleTextField.content
        viewController.viewDidLoad()
        #expect(viewController.textField.text == start)
        viewController.viewWillAppear()
        viewController.textFieldDidChange("walk")
        #expect(viewController.props.text == "walk")
        #expect(viewController.textField.text == "walk")
        viewController.viewDidDisappear()
        walkthroughStore.dispatch(SetContent(newContent: "while hidden"))
        #expect(viewController.textField.text == "walk")
        viewController.viewWillAppear()
        #expect(viewController.textField.text == "while hidden")
    }

    @Test func walkthrough_propsSetInATest_driveTheView() {
        // ReRxSwift's view tests set props on the connection and read the view.
        let viewController = SimpleTextFieldViewController()
        viewController.viewDidLoad()
        viewController.connection.props = SimpleTextFieldViewController.Props(text: "from the test")
        #expect(viewController.textField.text == "from the test")
    }

    @Test func walkthrough_mappingsAreTestedAsFunctions() {
        let state = WalkthroughState(simpleTextField: TextState(content: "mapped", edits: 1))
        #expect(walkthroughProps(state) == SimpleTextFieldViewController.Props(text: "mapped"))
        let recorder = DispatchRecorder()
        walkthroughActions(recorder.dispatch).updatedText("typed")
        #expect(recorder.actions(of: SetContent.self) == [SetContent(newContent: "typed")])
    }
}
