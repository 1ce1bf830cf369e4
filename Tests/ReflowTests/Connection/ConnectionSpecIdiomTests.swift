import Testing
import Reflow

/// What a spec does to a screen's own connection (ReRxSwift's idioms): set props and mock
/// actions, map a given state, point it at a test store. The interleavings are in
/// `ConnectionRepointModelTests`; these are the rules one at a time, and the misuse.
@MainActor
@Suite struct ConnectionSpecIdiomTests {
    private struct Props: Equatable { var count: Int }
    private struct Actions { var increment: () -> Void }
    private struct Increment: Action {}
    private static let reducer = Reducer<Int>.on(Increment.self) { count, _ in count += 1 }

    private func makeConnection(_ store: Store<Int>) -> Connection<Int, Props, Actions> {
        Connection(store: store, mapStateToProps: { Props(count: $0) },
                   mapDispatchToActions: { dispatch in Actions(increment: { dispatch(Increment()) }) })
    }

    @Test func propsSetByHand_reachTheBindings_untilTheStoreChangesAgain() {
        let store = Store(reducer: Self.reducer, state: 1)
        let connection = makeConnection(store)
        var told: [Int] = []
        connection.bind(\.count) { told.append($0) }
        connection.connect()
        connection.props = Props(count: 40)
        #expect(told == [1, 40])
        store.dispatch(Increment())
        #expect(told == [1, 40, 2])
    }

    @Test func mockActions_replaceTheRealOnes_andTheStoreIsUntouched() {
        let store = Store(reducer: Self.reducer, state: 0)
        let connection = makeConnection(store)
        var mocked = 0
        connection.actions = Actions(increment: { mocked += 1 })
        connection.actions.increment()
        #expect(mocked == 1 && store.state == 0)
    }

    @Test func newState_mapsAGivenState_withoutChangingTheStore() {
        let store = Store(reducer: Self.reducer, state: 0)
        let connection = makeConnection(store)
        connection.newState(state: 7)
        #expect(connection.props.count == 7 && store.state == 0)
    }

    @Test func theStore_isTheOneItFollows() {
        let first = Store(reducer: Self.reducer, state: 0)
        let second = Store(reducer: Self.reducer, state: 10)
        let connection = makeConnection(first)
        #expect(connection.store === first)
        connection.store = second
        connection.connect()
        #expect(connection.store === second && connection.props.count == 10)
        first.dispatch(Increment())
        #expect(connection.props.count == 10)
    }

#if os(macOS) || os(Linux) || os(Windows)  // exit tests: not on iOS, tvOS, watchOS, visionOS
    @Test func aStorelessConnection_cannotMapAState() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let preview = Connection(props: 1, actions: ())
                preview.newState(state: ())
            }
        }
        .map { result in
            let message = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(message.contains("a store-less Connection (made with Connection(props:actions:)) cannot map a state"))
            #expect(message.contains("Connection(store:mapStateToProps:mapDispatchToActions:)"))
        }
    }

    @Test func aStorelessConnection_hasNoStoreToRead() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let preview = Connection(props: 1, actions: ())
                _ = preview.store
            }
        }
        .map { result in
            let message = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(message.contains("cannot read its store"))
        }
    }
#endif
}
