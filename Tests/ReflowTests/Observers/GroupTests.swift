import Testing
@testable import Reflow
@testable import ReflowCore

/// Store subscription groups: who joins which group, and that a group's pass visits its
/// members in order and skips those cancelled or added meanwhile.
@MainActor
@Suite struct GroupTests {
    private struct State { var a = 0; var b = 0 }
    private struct SetA: Action { var value: Int }
    private let reducer = Reducer<State>.on(SetA.self) { state, action in state.a = action.value }

    @Test func consecutiveSubscriptionsOfOneKind_shareAGroup_othersStartANewOne() {
        let store = Store(reducer: reducer, state: State())
        let subscriptions = [
            store.subscribe({ $0.a }) { _ in },
            store.subscribe({ $0.b }) { _ in },          // same value type: same group
            store.subscribe({ "\($0.a)" }) { _ in },     // another type: a new group
            store.subscribe(\.a) { _ in },               // key paths: their own group
            store.subscribe(\.b) { _ in },
        ]
        #expect(store.observers.liveCount == 3)
        #expect(store.subscriptionCount == 5)
        _ = subscriptions
    }

    @Test func subscriptionDuringAPass_startsANewGroup() {
        let store = Store(reducer: reducer, state: State())
        var inner: SubscriptionHandle?
        let outer = store.subscribe({ $0.a }) { a in
            if a == 1 && inner == nil { inner = store.subscribe({ $0.b }) { _ in } }
        }
        #expect(store.observers.liveCount == 1)
        store.dispatch(SetA(value: 1))
        #expect(store.observers.liveCount == 2)  // not joined to the group being notified
        _ = (outer, inner)
    }

    @Test func keyPathGroup_projectsASharedKeyPathOnce_andFreesItsSelectorWithTheLastMember() throws {
        let store = Store(reducer: reducer, state: State())
        var seen: [String] = []
        var subscriptions = (0..<3).map { index in store.subscribe(\.a) { seen.append("\(index):\($0)") } }
        let group = try #require(store.observers.newest as? KeyPathGroup<State, Int>)
        #expect(group.keyPaths.compactMap { $0 }.count == 1)
        store.dispatch(SetA(value: 4))
        #expect(seen == ["0:0", "1:0", "2:0", "0:4", "1:4", "2:4"])
        subscriptions.removeAll()
        #expect(group.keyPaths.allSatisfy { $0 == nil })
        #expect(store.subscriptionCount == 0)
    }

    @Test func selectionGroup_cancelledMembersAreSqueezedOut_orderKept() throws {
        let store = Store(reducer: reducer, state: State())
        var seen: [Int] = []
        let subscriptions = (0..<60).map { index in store.subscribe({ $0.a + index * 0 }) { _ in seen.append(index) } }
        let group = try #require(store.observers.newest as? SelectionGroup<State, Int>)
        for (index, subscription) in subscriptions.enumerated() where index % 3 != 0 { subscription.cancel() }
        #expect(group.selects.count < 60)
        seen = []
        store.dispatch(SetA(value: 1))
        #expect(seen == Array(stride(from: 0, to: 60, by: 3)))
    }

    /// A selection group lets go of a cancelled member's last value (a user's object) when
    /// it lets go of the member: at once, or when a pass it was cancelled in ends; and
    /// compaction moves the others' last values with them.
    @Test func selectionGroup_letsGoOfACancelledMembersLastValue_andMovesTheOthers() throws {
        final class Box: Equatable {
            let value: Int
            init(_ value: Int) { self.value = value }
            static func == (lhs: Box, rhs: Box) -> Bool { lhs.value == rhs.value }
        }
        let store = Store(reducer: reducer, state: State())
        var seen: [String] = []
        var subscriptions: [SubscriptionHandle] = []
        var boxes: [Int: Box] = [:]
        weak var outsidePass: Box?
        weak var insidePass: Box?
        for index in 0..<40 {
            // Each member's value is a new box per state, equal when `a` is.
            subscriptions.append(store.subscribe({ Box($0.a * 100 + index) }) { box in
                seen.append("\(index):\(box.value)")
                if index == 0 && box.value == 100 { subscriptions[5].cancel() }  // during the pass
            })
        }
        let group = try #require(store.observers.newest as? SelectionGroup<State, Box>)
        boxes[3] = group.lastValues[3]
        outsidePass = boxes[3]
        boxes[5] = group.lastValues[5]
        insidePass = boxes[5]
        boxes.removeAll()
        #expect(outsidePass != nil && insidePass != nil)  // each kept by its member's slot
        subscriptions[3].cancel()
        #expect(outsidePass == nil)
        seen = []
        store.dispatch(SetA(value: 1))
        #expect(insidePass == nil)  // let go of when the pass ended
        let kept = Array(stride(from: 0, to: 40, by: 8))
        for index in 0..<40 where index % 8 != 0 && index != 3 && index != 5 {
            subscriptions[index].cancel()  // holes come to outnumber members: compacts
        }
        #expect(group.selects.count < 40)
        seen = []
        store.dispatch(SetA(value: 1))  // each member's value is equal to its moved last value
        #expect(seen.isEmpty)
        store.dispatch(SetA(value: 2))
        #expect(seen == kept.map { "\($0):\(200 + $0)" })
    }

    /// A member that cancels others and dispatches from its `onChange`: the cancelled ones
    /// are skipped by the pass in progress and released when it ends, and the dispatch runs
    /// after the pass (in debug builds the pass also asserts that the last values it
    /// writes through their base did not move).
    @Test func selectionGroup_cancelsAndDispatchFromAPass_deliverEachValueOnceInOrder() throws {
        let store = Store(reducer: reducer, state: State())
        var seen: [String] = []
        var subscriptions: [SubscriptionHandle] = []
        for index in 0..<40 {
            subscriptions.append(store.subscribe({ $0.a }) { a in
                seen.append("\(index):\(a)")
                if index == 0 && a == 1 {
                    for victim in 1..<40 where victim % 4 != 0 { subscriptions[victim].cancel() }
                    store.dispatch(SetA(value: 2))
                }
            })
        }
        let group = try #require(store.observers.newest as? SelectionGroup<State, Int>)
        seen = []
        store.dispatch(SetA(value: 1))
        let kept = Array(stride(from: 0, to: 40, by: 4))
        #expect(seen == ["0:1"] + kept.dropFirst().map { "\($0):1" } + kept.map { "\($0):2" })
        #expect(group.selects.count == kept.count)  // squeezed once the pass ended
        seen = []
        store.dispatch(SetA(value: 3))
        #expect(seen == kept.map { "\($0):3" })
    }

    /// A key-path member that cancels the only member of another key path (freeing its
    /// selector) and subscribes again during the pass: the new subscription goes to a new
    /// group, the freed selector is not reused meanwhile, and the next dispatch reaches
    /// each live subscription once.
    @Test func keyPathGroup_cancelAndSubscribeFromAPass_keepSelectorsApart() throws {
        let store = Store(reducer: reducer, state: State())
        var seen: [String] = []
        var onB: SubscriptionHandle?
        var late: SubscriptionHandle?
        let onA = store.subscribe(\.a) { a in
            seen.append("a:\(a)")
            if a == 1 {
                onB?.cancel()
                late = store.subscribe(\.b) { seen.append("late b:\($0)") }
            }
        }
        onB = store.subscribe(\.b) { seen.append("b:\($0)") }
        let group = try #require(store.observers.newest as? KeyPathGroup<State, Int>)
        #expect(group.keyPaths.compactMap { $0 }.count == 2)
        store.dispatch(SetA(value: 1))
        #expect(store.observers.liveCount == 2)  // the late one is in a group of its own
        #expect(group.keyPaths.compactMap { $0 } == [\State.a])  // \.b's selector freed
        store.dispatch(SetA(value: 2))
        #expect(seen == ["a:0", "b:0", "a:1", "late b:0", "a:2"])
        _ = (onA, late)
    }
}
