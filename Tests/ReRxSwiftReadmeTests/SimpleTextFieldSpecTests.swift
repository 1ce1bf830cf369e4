import Testing
import Reflow

/// ReRxSwift's `SimpleTextFieldViewControllerSpec`, ported from Quick and Nimble to Swift
/// Testing with its names and steps: the screen is tested through its own connection
/// (`connection.store = testStore`, `connection.newState(state:)`), with props set to
/// drive the bindings and mock actions put in the place of the real ones.
@MainActor
@Suite struct SimpleTextFieldSpecTests {
    let simpleController: SimpleTextFieldViewController
    let testStore: Store<AppState>
    /// What `testStore` was sent: ReSwift's spec replaces the store's `dispatchFunction`;
    /// a Reflow store records through a middleware.
    let dispatched: DispatchedActions

    // beforeEach
    init() {
        simpleController = SimpleTextFieldViewController()
        _ = simpleController.view  // `expect(simpleController.view).toNot(beNil())`
        let dispatched = DispatchedActions()
        testStore = Store(reducer: appReducer, state: AppState(), middleware: [Middleware { _, action, next in
            dispatched.actions.append(action)
            next(action)
        }])
        self.dispatched = dispatched
        simpleController.connection.store = testStore
    }

    @Test func hasAConnection() {
        #expect(simpleController.connection.store === testStore)
    }

    @Test func hasPropsAndActions() {
        simpleController.viewWillAppear(false)
        #expect(simpleController.props.text == "initial")
        simpleController.actions.updatedText("typed")
        #expect(testStore.state.simpleTextField.content == "typed")
        #expect(simpleController.props.text == "typed")
    }

    @Test func whenViewWillAppearHasBeenCalled_isConnected() {
        simpleController.viewWillAppear(false)
        let state = appState(simpleTextField: SimpleTextFieldState(content: "test content"))
        testStore.dispatch(ResetState(newState: state))
        #expect(simpleController.textField.text == "test content")
    }

    @Test func whenViewDidDisappearHasBeenCalled_isNoLongerConnected() {
        simpleController.viewWillAppear(false)
        simpleController.viewDidDisappear(false)
        let state = appState(simpleTextField: SimpleTextFieldState(content: "test content"))
        testStore.dispatch(ResetState(newState: state))
        #expect(simpleController.textField.text == AppState().simpleTextField.content)
    }

    @Test func mapStateToProps_mapsValueFromStateToProps() {
        let state = appState(simpleTextField: SimpleTextFieldState(content: "some text"))
        simpleController.connection.newState(state: state)
        #expect(simpleController.props.text == "some text")
        #expect(testStore.state.simpleTextField.content == "initial")  // the store is untouched
    }

    @Test func mapDispatchToActions_updatedTextAction() {
        simpleController.actions.updatedText("new text")
        #expect((dispatched.actions.last as? SetContent)?.newContent == "new text")
        // The test store, not the app's global one, got it.
        #expect(testStore.state.simpleTextField.content == "new text")
        #expect(store.state.simpleTextField.content != "new text")
    }

    @Test func textField_usesPropsTextAsTextFieldValue() {
        simpleController.props = SimpleTextFieldViewController.Props(text: "some text")
        #expect(simpleController.textField.text == "some text")
    }

    @Test func textField_triggersActionWhenEditingChangesValue() {
        var actionTriggered = false
        simpleController.actions = SimpleTextFieldViewController.Actions(
            updatedText: { _ in actionTriggered = true }
        )
        simpleController.editingChanged(simpleController.textField)
        #expect(actionTriggered)
        #expect(dispatched.actions.isEmpty)  // the mock replaced the real action
    }

    @Test func mockActions_stayUntilTheStoreChanges() {
        var calls = 0
        simpleController.actions = SimpleTextFieldViewController.Actions(updatedText: { _ in calls += 1 })
        simpleController.viewWillAppear(false)
        testStore.dispatch(SetContent(newContent: "from the store"))
        simpleController.editingChanged(simpleController.textField)
        #expect(calls == 1)
        // Pointing the screen at another store builds the real actions again.
        let other = Store(reducer: appReducer, state: AppState())
        simpleController.connection.store = other
        simpleController.actions.updatedText("to the other store")
        #expect(calls == 1)
        #expect(other.state.simpleTextField.content == "to the other store")
    }

    /// The spec's `appState(simpleTextField:)` from its test utilities.
    private func appState(simpleTextField: SimpleTextFieldState) -> AppState {
        AppState(content: "", simpleTextField: simpleTextField)
    }
}

/// The actions a test store's middleware saw, first first.
@MainActor
final class DispatchedActions {
    var actions: [any Action] = []
}
