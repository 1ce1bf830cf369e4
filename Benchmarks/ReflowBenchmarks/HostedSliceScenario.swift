import Reflow

// R3h: what reactors hosted in a store cost the store's other dispatches.

/// A feature's reactor: an `Equatable` state of a few fields and a list.
private final class FeatureReactor: Reactor {
    enum Action: Sendable { case select(Int) }
    struct State: Equatable, Sendable {
        var selection = 0
        var title = "feature"
        var items = Array(0..<100)
        var isLoading = false
    }
    let initialState = State()

    func reduce(state: State, mutation: Action) -> State {
        var state = state
        if case .select(let index) = mutation { state.selection = index }
        return state
    }
}

private struct HostingState {
    var query = ""
    var f0 = FeatureReactor.State(), f1 = FeatureReactor.State(), f2 = FeatureReactor.State(), f3 = FeatureReactor.State()
    var f4 = FeatureReactor.State(), f5 = FeatureReactor.State(), f6 = FeatureReactor.State(), f7 = FeatureReactor.State()
    var f8 = FeatureReactor.State(), f9 = FeatureReactor.State()
}

@MainActor private let hostedSlices: [WritableKeyPath<HostingState, FeatureReactor.State>] = [
    \.f0, \.f1, \.f2, \.f3, \.f4, \.f5, \.f6, \.f7, \.f8, \.f9,
]

private struct TypeQuery: Action { var query: String }

/// Scoped to the query: the store knows the features' slices are not written.
private let queryReducer = Reducer<String>.on(TypeQuery.self) { query, action in query = action.query }
    .scope(\HostingState.query)

@MainActor
extension Harness {
    /// R3h: a dispatch that writes the query of a store hosting 10 reactors (each at a
    /// stored slice, its state `Equatable`), with one key-path subscriber of the query;
    /// the limit is the same store hosting none.
    mutating func r3h(_ count: Int) {
        let queries = (0..<16).map { "query \($0)" }
        func run(hosting: Bool) -> Measurement {
            measure(operations: count) {
                let store = Store(reducer: queryReducer, state: HostingState())
                var seen = 0
                let subscription = store.subscribe(\.query) { seen &+= $0.count }
                var reactors: [FeatureReactor] = []
                if hosting {
                    for slice in hostedSlices {
                        let reactor = FeatureReactor()
                        store.host(reactor, at: slice)
                        reactors.append(reactor)
                    }
                }
                for index in 0..<count { store.dispatch(TypeQuery(query: queries[index & 15])) }
                blackHole &+= seen + reactors.count
                subscription.cancel()
            }
        }
        let hosted = run(hosting: true)
        let alone = run(hosting: false)
        record(Row(scenario: "R3h a dispatch beside 10 hosted reactors (Equatable states)", operations: count,
                   reflow: hosted, limit: alone, note: "limit: the same store hosting none"))
    }
}
