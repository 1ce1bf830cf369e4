#if canImport(Observation)
import Observation
import Synchronization
import Testing
import Reflow

@MainActor
@Suite struct ObservablePropsTests {
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func readingProps_registersDependency_changeFiresOnce_unrelatedDoesNot() {
        let store = makeStore()
        let model = ObservableProps(Connection(store: store, mapStateToProps: { $0.count },
                                               mapDispatchToActions: { dispatch in { dispatch(Increment()) } }))
        let changes = ChangeCounter()
        withObservationTracking { _ = model.props } onChange: { changes.increment() }
        store.dispatch(SetTitle(title: "unrelated"))
        #expect(changes.count == 0)
        model.actions()
        #expect(changes.count == 1)
        #expect(model.props == 1)
    }
}
/// `onChange` is `@Sendable`; a locked counter is what it may touch.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
private final class ChangeCounter: Sendable {
    private let value = Mutex(0)
    var count: Int { value.withLock { $0 } }
    func increment() { value.withLock { $0 += 1 } }
}
#endif
