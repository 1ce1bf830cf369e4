import Testing
import Reflow
import ReflowTesting

// Connections written the ways app code writes them, in Swift 6 language mode: ReRxSwift's
// file-scope closure constants (a global closure must be `@MainActor` in Swift 6), local
// `let`s with an explicit function type, free functions, static functions and inline
// closures. Each must compile as written, and each test checks what the mapping does.

struct TextState: Equatable {
    var content = ""
    var edits = 0
}

struct SetContent: Action, Equatable { var newContent: String }

let textReducer = Reducer<TextState>.on(SetContent.self) { state, action in
    state.content = action.newContent
    state.edits += 1
}

struct TextProps: Equatable {
    let content: String
}

struct TextActions {
    let updatedText: (String) -> Void
}

// ReRxSwift's README, as Swift 6 requires a global closure to be written.
@MainActor let mapStateToProps = { (state: TextState) in
    TextProps(content: state.content)
}

@MainActor let mapDispatchToActions = { (dispatch: Dispatch) in
    TextActions(updatedText: { dispatch(SetContent(newContent: $0)) })
}

// A free function and a static function, with and without `@MainActor`.
func textActions(_ dispatch: Dispatch) -> TextActions {
    TextActions(updatedText: { dispatch(SetContent(newContent: $0)) })
}

@MainActor func mainActorTextActions(_ dispatch: Dispatch) -> TextActions {
    TextActions(updatedText: { dispatch(SetContent(newContent: $0)) })
}

enum TextMapping {
    static func props(_ state: TextState) -> TextProps { TextProps(content: state.content) }
    static func actions(_ dispatch: Dispatch) -> TextActions {
        TextActions(updatedText: { dispatch(SetContent(newContent: "static: " + $0)) })
    }
}

@MainActor
@Suite struct ReRxSwiftIdiomTests {
    /// Makes a connection from the given mappings, types the text, and returns what the
    /// props and the store say afterwards.
    private func typeText(_ connection: Connection<TextState, TextProps, TextActions>, in store: Store<TextState>,
                          _ text: String) -> (props: String, state: String) {
        connection.connect()
        connection.actions.updatedText(text)
        return (connection.props.content, store.state.content)
    }

    @Test func fileScopeClosureConstants() {
        let store = Store(reducer: textReducer, state: TextState())
        let connection = Connection(store: store, mapStateToProps: mapStateToProps,
                                    mapDispatchToActions: mapDispatchToActions)
        #expect(typeText(connection, in: store, "hello") == ("hello", "hello"))
    }

    @Test func localLetsWithExplicitFunctionTypes() {
        let store = Store(reducer: textReducer, state: TextState())
        let props: (TextState) -> TextProps = { TextProps(content: $0.content.uppercased()) }
        let actions: (Dispatch) -> TextActions = { dispatch in
            TextActions(updatedText: { dispatch(SetContent(newContent: $0)) })
        }
        let connection = Connection(store: store, mapStateToProps: props, mapDispatchToActions: actions)
        #expect(typeText(connection, in: store, "hi") == ("HI", "hi"))
    }

    @Test func freeFunctions_nonisolatedAndMainActor() {
        let store = Store(reducer: textReducer, state: TextState())
        let plain = Connection(store: store, mapStateToProps: TextMapping.props, mapDispatchToActions: textActions)
        #expect(typeText(plain, in: store, "a") == ("a", "a"))
        let isolated = Connection(store: store, mapStateToProps: TextMapping.props, mapDispatchToActions: mainActorTextActions)
        #expect(typeText(isolated, in: store, "b") == ("b", "b"))
    }

    @Test func staticFunctions() {
        let store = Store(reducer: textReducer, state: TextState())
        let connection = Connection(store: store, mapStateToProps: TextMapping.props, mapDispatchToActions: TextMapping.actions)
        #expect(typeText(connection, in: store, "x") == ("static: x", "static: x"))
    }

    @Test func inlineClosures() {
        let store = Store(reducer: textReducer, state: TextState())
        let connection = Connection(
            store: store,
            mapStateToProps: { TextProps(content: "\($0.content) (\($0.edits))") },
            mapDispatchToActions: { dispatch in TextActions(updatedText: { dispatch(SetContent(newContent: $0)) }) }
        )
        #expect(typeText(connection, in: store, "y") == ("y (1)", "y"))
    }

    @Test func sliceConnection_withFileScopeActions() {
        let store = Store(reducer: textReducer, state: TextState())
        let connection = Connection(store: store, slice: \.content, mapSliceToProps: { TextProps(content: $0) },
                                    mapDispatchToActions: mapDispatchToActions)
        #expect(typeText(connection, in: store, "z") == ("z", "z"))
    }

    @Test func fileScopeMapDispatchToActions_testedWithADispatchRecorder() {
        let recorder = DispatchRecorder()
        let actions = mapDispatchToActions(recorder.dispatch)
        actions.updatedText("recorded")
        #expect(recorder.actions(of: SetContent.self) == [SetContent(newContent: "recorded")])
    }

    @Test func storelessConnection_needsNoGenericArguments() {
        var typed: [String] = []
        let preview = Connection(props: TextProps(content: "preview"), actions: TextActions(updatedText: { typed.append($0) }))
        var shown: [String] = []
        preview.bind(\.content) { shown.append($0) }
        preview.actions.updatedText("t")
        preview.props = TextProps(content: "next")
        #expect(shown == ["preview", "next"] && typed == ["t"])
        // Given the state type by the context, it takes it.
        let typedPreview: Connection<TextState, TextProps, TextActions> =
            Connection(props: TextProps(content: "typed"), actions: TextActions(updatedText: { _ in }))
        #expect(typedPreview.props.content == "typed")
    }
}

// Stored-property initializers of a main-actor view model: where a `@MainActor` function
// reference cannot become a plain function type, so the initializers take both.

@MainActor let idiomTextStore = Store(reducer: textReducer, state: TextState())

struct PlainProps {
    let content: String
}

@MainActor
final class PropertyInitializedViewModels {
    let byMainActorFunction = Connection(store: idiomTextStore, mapStateToProps: TextMapping.props,
                                         mapDispatchToActions: mainActorTextActions)
    let byMainActorStatic = Connection(store: idiomTextStore, mapStateToProps: { PlainProps(content: $0.content) },
                                       mapDispatchToActions: MainActorMapping.actions)
    let bySlice = Connection(store: idiomTextStore, slice: \.content, mapSliceToProps: { TextProps(content: $0) },
                             mapDispatchToActions: mainActorTextActions)
    let byFileScopeClosure = Connection(store: idiomTextStore, mapStateToProps: mapStateToProps,
                                        mapDispatchToActions: mapDispatchToActions)
    let byFreeFunction = Connection(store: idiomTextStore, mapStateToProps: TextMapping.props,
                                    mapDispatchToActions: textActions)
}

enum MainActorMapping {
    @MainActor static func actions(_ dispatch: Dispatch) -> TextActions {
        TextActions(updatedText: { dispatch(SetContent(newContent: "main: " + $0)) })
    }
}

@MainActor
@Suite(.serialized) struct PropertyInitializerIdiomTests {
    @Test func everyFormWorks_inStoredPropertyInitializers() {
        let models = PropertyInitializedViewModels()
        models.byMainActorFunction.connect()
        models.byMainActorStatic.connect()
        models.bySlice.connect()
        models.byFileScopeClosure.connect()
        models.byFreeFunction.connect()
        models.byMainActorFunction.actions.updatedText("1")
        #expect(models.bySlice.props.content == "1")
        models.byMainActorStatic.actions.updatedText("2")
        #expect(models.byMainActorStatic.props.content == "main: 2")
        models.byFileScopeClosure.actions.updatedText("3")
        models.byFreeFunction.actions.updatedText("4")
        #expect(idiomTextStore.state.content == "4")
        #expect(models.byFileScopeClosure.props.content == "4")
    }
}
