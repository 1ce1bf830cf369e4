import Testing
import Reflow

@MainActor
@Suite struct ReducerTests {
    @Test func on_routesByExactType() {
        var state = AppState()
        appReducer.reduce(&state, Increment())
        appReducer.reduce(&state, Add(amount: 5))
        appReducer.reduce(&state, Unhandled())
        #expect(state.count == 6)
    }

    @Test func on_doesNotRouteSubclasses() {
        var seen: [String] = []
        let reducer = Reducer<Int>.on(BaseAction.self) { _, _ in seen.append("base") }
        var state = 0
        reducer.reduce(&state, BaseAction())
        reducer.reduce(&state, DerivedAction())
        #expect(seen == ["base"])
    }

    @Test func on_sameTypeTwice_runsBothInOrder() {
        var log: [String] = []
        let reducer = Reducer<Int>
            .on(Increment.self) { state, _ in log.append("first \(state)"); state += 1 }
            .on(Increment.self) { state, _ in log.append("second \(state)"); state += 10 }
        var state = 0
        reducer.reduce(&state, Increment())
        #expect(state == 11)
        #expect(log == ["first 0", "second 1"])
    }

    @Test func combine_runsInOrder_mixingClosureAndRoutedReducers() {
        var log: [String] = []
        let reducer = Reducer<Int>.combine(
            .on(Increment.self) { _, _ in log.append("routed A") },
            Reducer { _, _ in log.append("every") },
            .on(Increment.self) { _, _ in log.append("routed B") }
        )
        var state = 0
        reducer.reduce(&state, Increment())
        #expect(log == ["routed A", "every", "routed B"])
    }

    @Test func routing_fiftyDistinctTypes_eachReachesItsOwnHandler() {
        var reducer = Reducer<[Int]>.empty
        registerNested(Void.self, depth: 0, upTo: 50, into: &reducer)
        var state: [Int] = []
        reducer.reduce(&state, nestedAction(Void.self, depth: 0, target: 7))
        reducer.reduce(&state, nestedAction(Void.self, depth: 0, target: 49))
        reducer.reduce(&state, nestedAction(Void.self, depth: 0, target: 0))
        #expect(state == [7, 49, 0])
    }

    @Test func scope_changesOnlyTheSlice_andKeepsRouting() {
        let counter = Reducer<Int>.on(Increment.self) { count, _ in count += 1 }
        let titles = Reducer<String>.on(SetTitle.self) { title, action in title = action.title }
        let app = Reducer.combine(counter.scope(\AppState.count), titles.scope(\AppState.title))
        var state = AppState()
        app.reduce(&state, Increment())
        app.reduce(&state, SetTitle(title: "Hi"))
        #expect(state == AppState(count: 1, title: "Hi"))
    }

    @Test func reSwiftReducer_movesOverUnchanged() {
        func counterReducer(action: any Action, state: Int?) -> Int {
            var state = state ?? 0
            if let add = action as? Add { state += add.amount }
            return state
        }
        let store = Store(reducer: Reducer.reSwift(counterReducer), state: 0)
        store.dispatch(Add(amount: 3))
        store.dispatch(Add(amount: 4))
        #expect(store.state == 7)
    }
}

// MARK: - Fixtures

private struct Unhandled: Action {}

/// A distinct action type per nesting depth: `Nested<Void>`, `Nested<Nested<Void>>`, ...
private struct Nested<Inner>: Action {}

private func registerNested<T>(_: T.Type, depth: Int, upTo limit: Int, into reducer: inout Reducer<[Int]>) {
    reducer = reducer.on(Nested<T>.self) { state, _ in state.append(depth) }
    if depth + 1 < limit { registerNested(Nested<T>.self, depth: depth + 1, upTo: limit, into: &reducer) }
}

private func nestedAction<T>(_: T.Type, depth: Int, target: Int) -> any Action {
    depth == target ? Nested<T>() : nestedAction(Nested<T>.self, depth: depth + 1, target: target)
}
private class BaseAction: Action, @unchecked Sendable {}
private final class DerivedAction: BaseAction, @unchecked Sendable {}
