import Testing
import Reflow
import ReflowTesting

@MainActor
@Suite struct SignalTests {
    @Test func subject_deliversToSubscribersInOrder_untilCancelled() {
        let subject = SignalSubject<Int>()
        var log: [String] = []
        let a = subject.subscribe { log.append("a\($0)") }
        let b = subject.signal.subscribe { log.append("b\($0)") }
        subject.send(1)
        a.cancel()
        subject.send(2)
        #expect(log == ["a1", "b1", "b2"])
        _ = b
    }

    @Test func subject_sendDuringDelivery_isQueuedInOrder() {
        let subject = SignalSubject<Int>()
        var log: [Int] = []
        let a = subject.subscribe { value in
            log.append(value)
            if value == 1 { subject.send(2); subject.send(3) }
        }
        let b = subject.subscribe { log.append($0 * 10) }
        subject.send(1)
        #expect(log == [1, 10, 2, 20, 3, 30])
        _ = (a, b)
    }

    @Test func operators_mapFilterCompactMapDistinct() {
        let subject = SignalSubject<String>()
        var seen: [Int] = []
        let subscription = subject.signal
            .map { $0.trimmingPrefix(" ") }
            .compactMap { Int($0) }
            .filter { $0 >= 0 }
            .distinctUntilChanged()
            .subscribe { seen.append($0) }
        for text in [" 1", "1", "x", "-4", "2", "2", "1"] { subject.send(text) }
        #expect(seen == [1, 2, 1])
        _ = subscription
    }

    /// An observer of a distinct signal that sends into its own source: the nested value
    /// is delivered after the current one (the subject's re-entrancy rule), and each
    /// change reaches the observer once, repeats never.
    @Test func distinct_reentrantSend_deliversEachChangeOnce() {
        let subject = SignalSubject<Int>()
        var seen: [Int] = []
        let subscription = subject.signal.distinctUntilChanged().subscribe { value in
            seen.append(value)
            if value < 3 {
                subject.send(value)        // a repeat, sent from inside: dropped
                subject.send(value + 1)    // a change, sent from inside: delivered after
            }
        }
        subject.send(1)
        subject.send(3)                    // a repeat of the last nested value
        #expect(seen == [1, 2, 3])
        subscription.cancel()
    }

    @Test func distinctUntilChanged_customEquality() {
        let subject = SignalSubject<String>()
        var seen: [String] = []
        let subscription = subject.signal
            .distinctUntilChanged { $0.lowercased() == $1.lowercased() }
            .subscribe { seen.append($0) }
        for text in ["a", "A", "b", "B", "a"] { subject.send(text) }
        #expect(seen == ["a", "b", "a"])
        _ = subscription
    }

    @Test func merge_andSeeded() {
        let left = SignalSubject<Int>()
        let right = SignalSubject<Int>()
        var seen: [Int] = []
        let subscription = left.signal.merge(with: right.signal).seeded(with: 0).subscribe { seen.append($0) }
        left.send(1)
        right.send(2)
        left.send(3)
        subscription.cancel()
        right.send(4)
        #expect(seen == [0, 1, 2, 3])
        #expect(!left.hasSubscribers && !right.hasSubscribers)
    }

    @Test func releasedSubscription_endsTheWholeChain() {
        let subject = SignalSubject<Int>()
        var seen: [Int] = []
        do {
            let subscription = subject.signal.map { $0 * 2 }.filter { $0 > 0 }.subscribe { seen.append($0) }
            subject.send(1)
            _ = subscription
        }
        subject.send(2)
        #expect(seen == [2])
    }

    @Test func bindToObject_holdsItWeakly_andEndsWhenItIsReleased() {
        let subject = SignalSubject<String>()
        var label: Label? = Label()
        weak let weakLabel = label
        let subscription = subject.signal.bind(to: label!, \.text)
        subject.send("hello")
        #expect(label?.text == "hello")
        label = nil
        #expect(weakLabel == nil)
        subject.send("gone")
        #expect(subscription.isCancelled)
        #expect(!subject.hasSubscribers)
    }

    @Test func bindToOptionalProperty() {
        let subject = SignalSubject<String>()
        let label = OptionalLabel()
        let subscription = subject.signal.bind(to: label, \.text)
        subject.send("x")
        #expect(label.text == "x")
        _ = subscription
    }

    @Test func debounce_deliversOnlyAfterQuiet_withTestClock() async {
        let clock = TestClock()
        let subject = SignalSubject<String>()
        var seen: [String] = []
        let subscription = subject.signal.debounce(for: .milliseconds(300), clock: clock).subscribe { seen.append($0) }
        subject.send("s")
        await clock.advance(by: .milliseconds(100))
        subject.send("sw")
        await clock.advance(by: .milliseconds(299))
        #expect(seen == [])
        await clock.advance(by: .milliseconds(1))
        #expect(seen == ["sw"])
        subject.send("swift")
        subscription.cancel()
        await clock.run()
        #expect(seen == ["sw"])
    }

    @Test func throttle_latest_deliversFirstThenLatestPerWindow() async {
        let clock = TestClock()
        let subject = SignalSubject<Int>()
        var seen: [Int] = []
        let subscription = subject.signal.throttle(for: .seconds(1), clock: clock, latest: true).subscribe { seen.append($0) }
        subject.send(1)
        subject.send(2)
        subject.send(3)
        #expect(seen == [1])
        await clock.advance(by: .seconds(1))
        #expect(seen == [1, 3])
        await clock.advance(by: .seconds(1))
        subject.send(4)
        #expect(seen == [1, 3, 4])
        _ = subscription
    }

    @Test func throttle_notLatest_dropsValuesInsideTheWindow() async {
        let clock = TestClock()
        let subject = SignalSubject<Int>()
        var seen: [Int] = []
        let subscription = subject.signal.throttle(for: .seconds(1), clock: clock, latest: false).subscribe { seen.append($0) }
        subject.send(1)
        subject.send(2)
        await clock.advance(by: .seconds(1))
        subject.send(3)
        #expect(seen == [1, 3])
        _ = subscription
    }
}

// MARK: - Fixtures

final class Label {
    var text = ""
}

final class OptionalLabel {
    var text: String?
}

private extension String {
    func trimmingPrefix(_ prefix: Character) -> String { String(drop { $0 == prefix }) }
}
