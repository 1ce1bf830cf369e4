import Testing
import Reflow

private struct ShopState: Equatable {
    var items: [Int] = []
    var minimum = 0
    var title = ""
}

private struct SetItems: Action { var items: [Int] }
private struct SetMinimum: Action { var minimum: Int }
private struct SetShopTitle: Action { var title: String }

private let shopReducer = Reducer<ShopState>
    .on(SetItems.self) { state, action in state.items = action.items }
    .on(SetMinimum.self) { state, action in state.minimum = action.minimum }
    .on(SetShopTitle.self) { state, action in state.title = action.title }

@MainActor
@Suite struct SelectorTests {
    @Test func derived_recomputesOnlyWhenAnInputChanged() {
        let items = MemoizedSelector(\ShopState.items)
        let minimum = MemoizedSelector(\ShopState.minimum)
        let large = MemoizedSelector(items, minimum) { items, minimum in items.filter { $0 >= minimum } }
        var state = ShopState(items: [1, 5, 9], minimum: 4)
        #expect(large(state) == [5, 9])
        #expect(large(state) == [5, 9])
        state.title = "unrelated"
        #expect(large(state) == [5, 9])
        #expect(large.derivationCount == 1)
        state.minimum = 6
        #expect(large(state) == [9])
        state.items.append(7)
        #expect(large(state) == [9, 7])
        #expect(large.derivationCount == 3)
    }

    @Test func selectorsCompose_andEachLevelMemoizes() {
        let items = MemoizedSelector(\ShopState.items)
        let total = MemoizedSelector(items) { $0.reduce(0, +) }
        let minimum = MemoizedSelector(\ShopState.minimum)
        let title = MemoizedSelector(\ShopState.title)
        let summary = MemoizedSelector(total, minimum, title) { total, minimum, title in "\(title): \(total) over \(minimum)" }
        var state = ShopState(items: [1, 2], minimum: 0, title: "A")
        #expect(summary(state) == "A: 3 over 0")
        state.items = [3]                       // total unchanged: summary does not derive
        #expect(summary(state) == "A: 3 over 0")
        #expect(total.derivationCount == 2)
        #expect(summary.derivationCount == 1)
        state.title = "B"
        #expect(summary(state) == "B: 3 over 0")
        #expect(summary.derivationCount == 2)
    }

    @Test func storeSubscribe_withASelector_firesOnlyWhenItsValueChanges() {
        let store = Store(reducer: shopReducer, state: ShopState())
        let count = MemoizedSelector(MemoizedSelector(\ShopState.items)) { $0.count }
        var seen: [Int] = []
        let subscription = store.subscribe(count) { seen.append($0) }
        store.dispatch(SetItems(items: [1]))
        store.dispatch(SetShopTitle(title: "x"))
        store.dispatch(SetItems(items: [2]))     // count unchanged
        store.dispatch(SetItems(items: [2, 3]))
        #expect(seen == [0, 1, 2])
        subscription.cancel()
    }

    @Test func oneSelectorSharedByManyConnections_derivesOncePerChange() {
        let store = Store(reducer: shopReducer, state: ShopState())
        let sorted = MemoizedSelector(MemoizedSelector(\ShopState.items)) { $0.sorted() }
        let connections = (0..<100).map { index in
            Connection(store: store, mapStateToProps: { sorted($0).first ?? index },
                       mapDispatchToActions: { _ in () })
        }
        for connection in connections { connection.connect() }
        let afterCreation = sorted.derivationCount
        store.dispatch(SetItems(items: [3, 1, 2]))
        store.dispatch(SetShopTitle(title: "no item change"))
        store.dispatch(SetItems(items: [5, 4]))
        #expect(sorted.derivationCount - afterCreation == 2)
        #expect(connections.allSatisfy { $0.props == 4 })
    }

    /// Random states against a direct computation: the selector's value is always what
    /// deriving from scratch gives, and it derives exactly when its inputs changed.
    @Test func randomStates_matchDirectComputation_andDeriveExactlyOnInputChanges() {
        var random = SeededRandom(seed: modelFirstSeed())
        let items = MemoizedSelector(\ShopState.items)
        let minimum = MemoizedSelector(\ShopState.minimum)
        let large = MemoizedSelector(items, minimum) { items, minimum in items.filter { $0 >= minimum } }
        var state = ShopState()
        var expectedDerivations = 0
        var lastInputs: ([Int], Int)?
        for _ in 0..<modelProgramCount(default: 2_000) {
            switch Int.random(in: 0..<3, using: &random) {
            case 0: state.items = (0..<Int.random(in: 0...3, using: &random)).map { _ in Int.random(in: 0...3, using: &random) }
            case 1: state.minimum = Int.random(in: 0...3, using: &random)
            default: state.title = random.pick(["a", "b"])
            }
            if lastInputs.map({ $0.0 != state.items || $0.1 != state.minimum }) ?? true { expectedDerivations += 1 }
            lastInputs = (state.items, state.minimum)
            #expect(large(state) == state.items.filter { $0 >= state.minimum })
        }
        #expect(large.derivationCount == expectedDerivations)
    }
}
