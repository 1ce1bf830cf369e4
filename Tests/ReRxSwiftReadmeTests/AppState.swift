import Reflow

// The app ReRxSwift's README assumes: "a global variable `store` that contains your app's
// store", of type `Store<AppState>`, and a `SetContent` action; and the state of its
// example app's SimpleTextField screen, which its spec tests.

struct AppState: Equatable {
    var content = ""
    var simpleTextField = SimpleTextFieldState(content: "initial")
}

struct SimpleTextFieldState: Equatable {
    var content: String
}

struct SetContent: Action, Equatable {
    let newContent: String
}

/// The spec's `ResetState`: replaces the whole state.
struct ResetState: Action {
    let newState: AppState
}

let appReducer = Reducer<AppState>
    .on(SetContent.self) { state, action in
        state.content = action.newContent
        state.simpleTextField.content = action.newContent
    }
    .on(ResetState.self) { state, action in state = action.newState }

let store = Store(reducer: appReducer, state: AppState())
