import Testing
import Reflow

/// A change of props made while bindings are being told is delivered after the pass:
/// no binding is re-entered, none ends on a value older than the current props.
@MainActor
@Suite struct ConnectionReentrancyTests {
    private struct Props: Equatable { var a: Int }

    private func connection(_ store: Store<AppState>) -> Connection<AppState, Props, Void> {
        Connection(store: store, mapStateToProps: { Props(a: $0.count) }, mapDispatchToActions: { _ in () })
    }

    /// Bug: the second binding received [0, 2, 1] and ended on 1 while props.a was 2.
    @Test func bindingDispatchingDuringConnect_everyBindingEndsOnCurrentProps() {
        let store = makeStore()
        let connection = connection(store)
        var first: [Int] = []
        var second: [Int] = []
        connection.bind(\.a) { a in
            first.append(a)
            if a == 1 { store.dispatch(Add(amount: 1)) }
        }
        connection.bind(\.a) { second.append($0) }
        store.dispatch(Increment())
        connection.connect()
        #expect(connection.props.a == 2)
        #expect(first == [0, 1, 2])
        #expect(second == [0, 1, 2])
    }

    @Test func bindingDispatchingDuringAStorePass_isDeliveredAfterThePass() {
        let store = makeStore()
        let connection = connection(store)
        connection.connect()
        var first: [Int] = []
        var second: [Int] = []
        connection.bind(\.a) { a in
            first.append(a)
            if a == 1 { store.dispatch(Increment()) }
        }
        connection.bind(\.a) { second.append($0) }
        store.dispatch(Increment())
        #expect(first == [0, 1, 2])
        #expect(second == [0, 1, 2])
        #expect(connection.props.a == store.state.count)
    }

    /// The same on a store-less connection whose binding sets props.
    @Test func storelessBindingSettingProps_everyBindingEndsOnCurrentProps() {
        let connection = Connection<Void, Props, Void>(props: Props(a: 0), actions: ())
        var first: [Int] = []
        var second: [Int] = []
        var objectValues: [Int] = []
        let target = Target()
        connection.bind(\.a) { [unowned connection] a in
            first.append(a)
            if a == 1 { connection.props = Props(a: 2) }
        }
        connection.bind(\.a) { second.append($0) }
        connection.bind(\.a, to: target, \.value)
        connection.bind(\.a) { _ in objectValues.append(target.value) }
        connection.props = Props(a: 1)
        #expect(first == [0, 1, 2])
        #expect(second == [0, 1, 2])
        #expect(objectValues == [0, 1, 2])
        #expect(target.value == 2)
    }

    /// A binding made during a pass starts from the current props and is not told the
    /// queued value it already has.
    @Test func bindingMadeDuringPass_getsCurrentPropsOnce() {
        let connection = Connection<Void, Props, Void>(props: Props(a: 0), actions: ())
        var late: [Int] = []
        var made = false
        connection.bind(\.a) { [unowned connection] a in
            guard a == 1, !made else { return }
            made = true
            connection.props = Props(a: 2)
            connection.bind(\.a) { late.append($0) }
        }
        connection.props = Props(a: 1)
        #expect(late == [2])
        connection.props = Props(a: 3)
        #expect(late == [2, 3])
    }
}

private final class Target {
    var value = -1
}
