import Testing
@testable import Reflow

/// The one select–compare–deliver mechanism, alone.
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

    @Test func deliveryThatEnds_removesTheObserverFromItsTable() {
        let table = ObserverTable<Int>()
        var target: Int? = 0
        var writes: [Int] = []
        let observer = SelectingObserver<Int>.make(initial: 0, select: { $0 }, isDuplicate: { $0 == $1 }, deliver: { value in
            guard target != nil else { return .end }
            writes.append(value)
            return .keep
        })
        let subscription = table.subscribe(observer)
        table.send(1)
        target = nil
        table.send(2)
        table.send(3)
        #expect(writes == [1])
        #expect(table.liveCount == 0)
        _ = subscription
    }
}
