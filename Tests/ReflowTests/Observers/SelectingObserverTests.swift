import Testing
@testable import Reflow
@testable import ReflowCore

/// The one select–compare–deliver mechanism, alone, and how a table takes out an observer
/// that ends itself (an object binding whose object is gone).
@MainActor
@Suite struct SelectingObserverTests {
    @Test func deliversOnlyValuesThatAreNotDuplicatesOfTheLastDelivered() {
        var delivered: [Int] = []
        let observer = SelectingObserver<(Int, String)>.make(
            initial: 0, select: { $0.0 }, isDuplicate: { $0 == $1 }, onChange: { delivered.append($0) }
        )
        for source in [(0, "a"), (1, "b"), (1, "c"), (2, "d"), (0, "e")] { observer.notify(source) }
        #expect(delivered == [1, 2, 0])
    }

    @Test func customComparison_decidesWhatIsADuplicate() {
        var delivered: [Int] = []
        let observer = SelectingObserver<Int>.make(
            initial: 0, select: { $0 }, isDuplicate: { abs($0 - $1) < 3 }, onChange: { delivered.append($0) }
        )
        for value in [1, 2, 5, 6, 9, 1] { observer.notify(value) }
        #expect(delivered == [5, 9, 1])
    }

    /// An observer that ends itself when its delivery says its target is gone, as an
    /// object binding does once its object was released.
    final class EndingObserver: Observer<Int> {
        let deliver: (Int) -> Bool

        init(_ deliver: @escaping (Int) -> Bool) {
            self.deliver = deliver
        }

        override func notify(_ value: Int) {
            if !deliver(value) { endSubscription() }
        }
    }

    @Test func deliveryThatEnds_removesTheObserverFromItsTable() {
        let table = ObserverTable<Int>()
        var target: Int? = 0
        var writes: [Int] = []
        let observer = EndingObserver { value in
            guard target != nil else { return false }
            writes.append(value)
            return true
        }
        let subscription = table.subscribe(observer)
        table.send(1)
        target = nil
        table.send(2)
        table.send(3)
        #expect(writes == [1])
        #expect(table.liveCount == 0)
        _ = subscription
    }

    /// An observer added without a link back to its table (a connection's binding) that
    /// ends itself is taken out by the pass it ended in, and freed; the others keep
    /// receiving values, in order, including one sent from inside that pass.
    @Test func unlinkedObserverThatEnds_isTakenOutByThePass_andFreed() {
        let table = ObserverTable<Int>()
        var target: Int? = 0
        var writes: [Int] = []
        var others: [Int] = []
        weak var weakObserver: EndingObserver?
        do {
            let observer = EndingObserver { value in
                guard target != nil else { return false }
                writes.append(value)
                return true
            }
            weakObserver = observer
            table.insertUnlinked(observer)
        }
        let other = SelectingObserver<Int>.make(initial: 0, select: { $0 }, isDuplicate: { $0 == $1 }, onChange: { value in
            others.append(value)
            if value == 2 { table.send(3) }  // re-entrant: queued until the pass ends
        })
        table.insertUnlinked(other)
        table.send(1)
        target = nil
        table.send(2)
        #expect(writes == [1])
        #expect(others == [1, 2, 3])
        #expect(table.liveCount == 1)
        #expect(weakObserver == nil)
        table.send(4)
        #expect(others == [1, 2, 3, 4])
    }

    /// Ending an unlinked observer through its table (what a binding's handle does) takes
    /// it out once; ending it again, or after it ended itself, does nothing.
    @Test func unlinkedObserver_endedThroughItsTable_leavesOnce() {
        let table = ObserverTable<Int>()
        var first: [Int] = []
        var second: [Int] = []
        let observer = SelectingObserver<Int>.make(initial: 0, select: { $0 }, isDuplicate: { $0 == $1 }, onChange: { first.append($0) })
        table.insertUnlinked(observer)
        table.insertUnlinked(SelectingObserver<Int>.make(initial: 0, select: { $0 }, isDuplicate: { $0 == $1 }, onChange: { second.append($0) }))
        table.send(1)
        observer.end(in: table)
        observer.end(in: table)
        #expect(table.liveCount == 1)
        table.send(2)
        #expect(first == [1])
        #expect(second == [1, 2])
    }
}
