#if canImport(Observation)
import Observation
import Testing
import Reflow

/// The faces' path where Observation does not run (macOS 13, iOS 16): each face is an
/// `ObservableObject` whose `objectWillChange` is sent when a value some view read
/// changes, never for a change nobody read. The tests force that path here, where
/// Observation runs, and count the sends.
@MainActor
@Suite struct FaceWillChangeTests {
    @Test func propsFace_sendsWillChangeOnlyWhenAReadPropChanges() {
        let store = Store(reducer: formReducer, state: FormState())
        let model = onWillChangePath { ObservableProps(Connection(store: store, mapStateToProps: { $0 }, mapDispatchToActions: { _ in () })) }
        _ = model.name                                        // a view reads `name` only
        store.dispatch(SetAge(age: 41))
        #expect(model.willChange.sentCount == 0)              // nobody read `age`
        store.dispatch(SetName(name: "Bo"))
        #expect(model.willChange.sentCount == 1)
        store.dispatch(SetName(name: "Bo"))                   // no change
        #expect(model.willChange.sentCount == 1)
        #expect(model.name == "Bo" && model.age == 41)        // both read now
        store.dispatch(SetAge(age: 42))
        #expect(model.willChange.sentCount == 2)
    }

    @Test func readingTheWholeValue_makesEveryChangeSendWillChange() {
        let store = Store(reducer: formReducer, state: FormState())
        let model = onWillChangePath { ObservableStore(store) }
        _ = model.state
        store.dispatch(SetAge(age: 41))
        store.dispatch(SetName(name: "Bo"))
        #expect(model.willChange.sentCount == 2)
    }

    @Test func reactorFace_sendsWillChangeForAReadValue() {
        let model = onWillChangePath { ObservableReactor(FormReactor()) }
        _ = model.age
        model.send(.setName("Cy"))
        #expect(model.willChange.sentCount == 0)
        model.send(.setAge(50))
        #expect(model.willChange.sentCount == 1)
        #expect(model.age == 50)
    }

    /// What the Observation path avoids: `views` views, view *i* reading field *i*; on the
    /// will-change path a change of one read field re-renders all of them (one send
    /// reaches every observer), where Observation re-renders one (benchmark V1).
    @Test func oneChangedField_reachesEveryView_onTheWillChangePath_andOneWithObservation() {
        let views = 50
        let store = Store(reducer: fieldsReducer, state: Fields(values: Array(repeating: 0, count: views)))
        let model = onWillChangePath {
            ObservableProps(Connection(store: store, mapStateToProps: { $0 }, mapDispatchToActions: { _ in () }))
        }
        for view in 0..<views { _ = model[\.values[view]] }
        store.dispatch(BumpField(index: 7))
        #expect(model.willChange.sentCount == 1)              // one send, seen by all `views` views
        if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) {
            let observed = ObservableProps(Connection(store: store, mapStateToProps: { $0 }, mapDispatchToActions: { _ in () }))
            let counters = (0..<views).map { _ in InvalidationCount() }
            for view in 0..<views {
                withObservationTracking { _ = observed[\.values[view]] } onChange: { counters[view].add() }
            }
            store.dispatch(BumpField(index: 7))
            #expect(counters.map(\.value) == (0..<views).map { $0 == 7 ? 1 : 0 })
            #expect(observed.willChange.sentCount == 0)       // never sent where Observation runs
        }
    }
}

/// Makes a face on the will-change path, as an iOS 16 app gets it.
@MainActor
func onWillChangePath<Face>(_ make: () -> Face) -> Face {
    FaceNotification.forcesWillChange = true
    defer { FaceNotification.forcesWillChange = false }
    return make()
}

private struct FormState: Equatable {
    var name = "Ann"
    var age = 40
}

private struct SetName: Action { var name: String }
private struct SetAge: Action { var age: Int }

private let formReducer = Reducer<FormState>
    .on(SetName.self) { state, action in state.name = action.name }
    .on(SetAge.self) { state, action in state.age = action.age }

private final class FormReactor: Reactor {
    enum Action: Sendable { case setName(String), setAge(Int) }
    let initialState = FormState()
    func reduce(state: FormState, mutation: Action) -> FormState {
        var state = state
        switch mutation {
        case .setName(let name): state.name = name
        case .setAge(let age): state.age = age
        }
        return state
    }
}

private struct Fields: Equatable { var values: [Int] }
private struct BumpField: Action { var index: Int }
private let fieldsReducer = Reducer<Fields>.on(BumpField.self) { state, action in state.values[action.index] += 1 }

/// `onChange` is `@Sendable`; it runs synchronously on the main actor here.
final class InvalidationCount: @unchecked Sendable {
    // @unchecked: touched only from the main actor, inside `dispatch`.
    private(set) var value = 0
    func add() { value += 1 }
}
#endif
