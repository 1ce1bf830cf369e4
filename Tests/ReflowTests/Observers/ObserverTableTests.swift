import Testing
@testable import Reflow
@testable import ReflowCore

/// The table alone: order, removal during a pass, the re-entrancy rule, compaction and
/// ownership. Its invariants are checked after every mutation in these debug builds.
@MainActor
@Suite struct ObserverTableTests {
    /// Records what an observer was told.
    private final class Recorder: Observer<Int> {
        let name: String
        let log: Log
        var onValue: ((Int) -> Void)?

        init(_ name: String, _ log: Log, onValue: ((Int) -> Void)? = nil) {
            self.name = name
            self.log = log
            self.onValue = onValue
        }

        override func notify(_ value: Int) {
            log.lines.append("\(name):\(value)")
            onValue?(value)
        }
    }

    private final class Log { var lines: [String] = [] }

    /// A table that says when its last observer leaves, as an entity's subscribers do.
    private final class EmptyingTable: ObserverTable<Int> {
        var onEmpty: (() -> Void)?
        override func didBecomeEmpty() { onEmpty?() }
    }

    @Test func send_visitsLiveObserversInSubscriptionOrder() {
        let table = ObserverTable<Int>()
        let log = Log()
        let subscriptions = ["a", "b", "c"].map { table.subscribe(Recorder($0, log)) }
        table.send(1)
        subscriptions[1].cancel()
        table.send(2)
        #expect(log.lines == ["a:1", "b:1", "c:1", "a:2", "c:2"])
        #expect(table.liveCount == 2)
    }

    @Test func valueSentDuringAPass_isDeliveredAfterIt_toObserversThereWhenSent() {
        let table = ObserverTable<Int>()
        let log = Log()
        var late: SubscriptionHandle?
        let first = table.subscribe(Recorder("a", log) { value in
            if value == 1 {
                table.send(2)                                // queued: a and b get it
                late = table.subscribe(Recorder("late", log))  // joined after 2 was sent
                table.send(3)                                // queued: late gets it too
            }
        })
        let second = table.subscribe(Recorder("b", log))
        table.send(1)
        #expect(log.lines == ["a:1", "b:1", "a:2", "b:2", "a:3", "b:3", "late:3"])
        #expect(!table.isNotifying)
        _ = (first, second, late)
    }

    @Test func observerRemovedDuringAPass_isSkippedAndFreedWhenThePassEnds() {
        let table = ObserverTable<Int>()
        let log = Log()
        weak var weakVictim: Recorder?
        var victim: SubscriptionHandle?
        let killer = table.subscribe(Recorder("killer", log) { _ in
            victim?.cancel()
            victim = nil
            #expect(weakVictim != nil)  // parked until the pass ends
        })
        do {
            let recorder = Recorder("victim", log)
            weakVictim = recorder
            victim = table.subscribe(recorder)
        }
        table.send(1)
        #expect(log.lines == ["killer:1"])
        #expect(weakVictim == nil)
        _ = killer
    }

    // A table with one slot keeps its observer in place (`SlotTable.Storage.one`); these cover
    // each way in and out of that form, during a pass and outside one.

    @Test func loneObserver_isKeptInPlace_andItsSlotIsReusedOnceItLeaves() {
        let table = ObserverTable<Int>()
        let log = Log()
        weak var weakFirst: Recorder?
        var first: SubscriptionHandle?
        do {
            let recorder = Recorder("a", log)
            weakFirst = recorder
            first = table.subscribe(recorder)
        }
        guard case .one = table.members.storage else { Issue.record("one observer kept in an array"); return }
        first?.cancel()
        first = nil
        guard case .none = table.members.storage else { Issue.record("the lone slot was not cleared"); return }
        #expect(weakFirst == nil)  // the table's reference to its lone observer was released
        let second = table.subscribe(Recorder("b", log))
        guard case .one = table.members.storage else { Issue.record("a hole kept outside a pass"); return }
        #expect(table.slotCount == 1)
        table.send(1)
        #expect(log.lines == ["b:1"])
        _ = second
    }

    @Test func loneObserver_addingAnotherDuringAPass_isNotVisitedByThatPass() {
        let table = ObserverTable<Int>()
        let log = Log()
        var added: SubscriptionHandle?
        let first = table.subscribe(Recorder("a", log, onValue: { _ in
            if added == nil { added = table.subscribe(Recorder("b", log)) }
        }))
        table.send(1)
        #expect(log.lines == ["a:1"])
        guard case .many = table.members.storage else { Issue.record("two observers not in an array"); return }
        table.send(2)
        #expect(log.lines == ["a:1", "a:2", "b:2"])
        _ = (first, added)
    }

    @Test func loneObserver_leavingDuringItsPass_thenAnotherJoining_keepsTheHoleUntilThePassEnds() {
        let table = ObserverTable<Int>()
        let log = Log()
        weak var weakLeaver: Recorder?
        var leaver: SubscriptionHandle?
        var joiner: SubscriptionHandle?
        do {
            let recorder = Recorder("a", log, onValue: { _ in
                leaver?.cancel()
                joiner = table.subscribe(Recorder("b", log))
                #expect(weakLeaver != nil)  // parked until the pass ends
            })
            weakLeaver = recorder
            leaver = table.subscribe(recorder)
        }
        table.send(1)
        #expect(weakLeaver == nil)
        #expect(log.lines == ["a:1"])
        #expect(table.slotCount == 2 && table.liveCount == 1)  // the hole stayed: the pass counted on it
        table.send(2)
        #expect(log.lines == ["a:1", "b:2"])
        _ = joiner
    }

    @Test func releasingATableWithOneObserver_endsAndFreesIt() {
        weak var weakObserver: Recorder?
        do {
            let table = ObserverTable<Int>()
            let recorder = Recorder("a", Log())
            weakObserver = recorder
            table.insert(recorder)
        }
        #expect(weakObserver == nil)
    }

    @Test func manyRemovals_compactOutsideAPass_keepingOrder() {
        let table = ObserverTable<Int>()
        let log = Log()
        let subscriptions = (0..<100).map { table.subscribe(Recorder("\($0)", log)) }
        for (index, subscription) in subscriptions.enumerated() where index % 10 != 0 {
            subscription.cancel()
        }
        #expect(table.slotCount < 100)  // holes were squeezed out
        #expect(table.members.ledger.holes < table.members.ledger.slots)
        table.send(7)
        #expect(log.lines == stride(from: 0, to: 100, by: 10).map { "\($0):7" })
    }

    @Test func releasingTheTable_freesItsObservers_andLaterCancelsAreHarmless() {
        weak var weakObserver: Recorder?
        var ended = false
        var subscription: SubscriptionHandle?
        do {
            let table = EmptyingTable()
            let recorder = Recorder("r", Log())
            weakObserver = recorder
            subscription = table.subscribe(recorder)
            table.onEmpty = { ended = true }
        }
        #expect(weakObserver != nil)  // the subscription still refers to it
        subscription?.cancel()        // the table is gone: nothing to do, nothing breaks
        subscription = nil
        #expect(weakObserver == nil)
        #expect(!ended)               // releasing is not emptying
    }

    @Test func didBecomeEmpty_runsWhenTheLastObserverLeaves() {
        let table = EmptyingTable()
        var emptied = 0
        table.onEmpty = { emptied += 1 }
        let a = table.subscribe(Recorder("a", Log()))
        let b = table.subscribe(Recorder("b", Log()))
        a.cancel()
        #expect(emptied == 0)
        b.cancel()
        #expect(emptied == 1)
    }

    @Test func endingTwice_endsOnce() {
        let table = ObserverTable<Int>()
        let observer = Recorder("a", Log())
        let subscription = table.subscribe(observer)
        observer.endSubscription()
        subscription.cancel()
        observer.endSubscription()
        #expect(table.liveCount == 0)
        #expect(table.members.ledger.holes <= table.members.ledger.slots)
    }
}
