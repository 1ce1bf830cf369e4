import Testing
import Reflow

/// A subscription made during a notification pass gets the current value once, at
/// subscribe, and is not called again in that pass, whatever group it would have joined.
@MainActor
@Suite struct SubscribeDuringNotificationTests {
    private enum Kind: CaseIterable { case closure, keyPath, customEquality }

    /// Bug: a custom-equality subscription made during a pass joined a later custom-equality
    /// group that the pass had not reached, and was called twice with one state ([0, 0]).
    @Test func subscribeDuringPass_intoALaterGroup_isNotCalledAgainInThatPass() {
        let store = makeStore()
        var late: [Int] = []
        var lateSubscription: SubscriptionHandle?
        let first = store.subscribe({ $0.count }) { count in
            guard count == 1, lateSubscription == nil else { return }
            lateSubscription = store.subscribe({ $0.items.count }, isDuplicate: { _, _ in false }) { late.append($0) }
        }
        // Another custom-equality subscription later in the list: the newest group.
        let second = store.subscribe({ $0.items.count }, isDuplicate: { _, _ in false }) { _ in }
        store.dispatch(Increment())
        #expect(late == [0])
        store.dispatch(Append(value: 9))
        #expect(late == [0, 1])
        _ = (first, second, lateSubscription)
    }

    /// Every kind of subscription made during a pass, before and after every kind of
    /// existing subscription: one value at subscribe, nothing more in that pass.
    @Test(arguments: Kind.allCases, Kind.allCases)
    private func subscribeDuringPass_anyKind_getsOneValue(made: Kind, existing: Kind) {
        let store = makeStore()
        var received: [Int] = []
        var made_: SubscriptionHandle?
        func subscribe(_ kind: Kind, _ onChange: @escaping (Int) -> Void) -> SubscriptionHandle {
            switch kind {
            case .closure: store.subscribe({ $0.count }, onChange)
            case .keyPath: store.subscribe(\.count, onChange)
            case .customEquality: store.subscribe({ $0.count }, isDuplicate: { _, _ in false }, onChange)
            }
        }
        let trigger = store.subscribe(\.title) { title in
            guard title == "go", made_ == nil else { return }
            made_ = subscribe(made) { received.append($0) }
        }
        let later = subscribe(existing) { _ in }
        store.batch {
            store.dispatch(Increment())
            store.dispatch(SetTitle(title: "go"))
        }
        #expect(received == [1], "made \(made) with existing \(existing)")
        store.dispatch(Increment())
        #expect(received == [1, 2], "made \(made) with existing \(existing)")
        _ = (trigger, later, made_)
    }
}
