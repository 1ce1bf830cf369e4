import Reflow

/// ReRxSwift's SimpleTextField: the text of a field lives in the store; the field and a
/// label are bound to it, and every edit goes through an action.
public struct TextState: Equatable, Sendable {
    public var content = ""
    public init(content: String = "") { self.content = content }
}

public struct SetContent: Action, Equatable { public var content: String }
public struct ClearContent: Action, Equatable { public init() {} }

public let textReducer = Reducer<TextState>
    .on(SetContent.self) { state, action in state.content = action.content }
    .on(ClearContent.self) { state, _ in state.content = "" }

/// What the screen shows.
public struct TextProps: Equatable, Sendable {
    public var content: String
    public var summary: String
}

/// What the screen can do.
public struct TextActions {
    public var setContent: (String) -> Void
    public var clear: () -> Void
}

public func textProps(from state: TextState) -> TextProps {
    let count = state.content.count
    let summary = count == 0 ? "The field is empty."
        : "You typed “\(state.content)” (\(count) character\(count == 1 ? "" : "s"))."
    return TextProps(content: state.content, summary: summary)
}

@MainActor
public func textActions(_ dispatch: Dispatch) -> TextActions {
    TextActions(setContent: { dispatch(SetContent(content: $0)) }, clear: { dispatch(ClearContent()) })
}
