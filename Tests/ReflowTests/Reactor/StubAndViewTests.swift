import Testing
import Reflow

@MainActor
@Suite struct StubAndViewTests {
    @Test func stub_recordsActions_skipsMutate_andDrivesState() {
        let reactor = CounterReactor()
        reactor.isStubEnabled = true
        var values: [Int] = []
        let subscription = reactor.state.map(\.value).subscribe { values.append($0) }
        reactor.action.send(.decrease)
        #expect(reactor.stub.actions.count == 1)
        #expect(reactor.currentState.value == 0)  // mutate/reduce never ran
        reactor.stub.state.value = 42
        #expect(values == [0, 42])
        #expect(reactor.currentState.value == 42)
        _ = subscription
    }

    @Test func reactorView_bindsOnceWithFreshBag_reassignEndsOldBindings_nilEndsThem() {
        let view = CounterView()
        let first = CounterReactor()
        view.reactor = first
        #expect(view.bindCount == 1)
        first.action.send(.decrease)
        #expect(view.valueText == "-1")
        let second = CounterReactor()
        view.reactor = second
        #expect(view.bindCount == 2)
        #expect(view.valueText == "0")
        first.action.send(.decrease)
        #expect(view.valueText == "0")  // the old reactor no longer reaches the view
        view.reactor = nil
        second.action.send(.decrease)
        #expect(view.valueText == "0")
        #expect(view.reactor == nil)
    }

    @Test func reactorView_holdsReactor_reactorNeverHoldsView_nothingLeaks() {
        weak var weakView: CounterView?
        weak var weakReactor: CounterReactor?
        do {
            let view = CounterView()
            view.reactor = CounterReactor()
            weakView = view
            weakReactor = view.reactor
            #expect(weakReactor != nil)  // held by the view alone
            view.tapDecrease()
            #expect(view.valueText == "-1")
        }
        #expect(weakView == nil)
        #expect(weakReactor == nil)
    }

    @Test func viewTest_withStubbedReactor() {
        let reactor = CounterReactor()
        reactor.isStubEnabled = true
        let view = CounterView()
        view.reactor = reactor
        reactor.stub.state.value = 7
        #expect(view.valueText == "7")
        view.tapDecrease()
        guard case .decrease? = reactor.stub.actions.last else {
            Issue.record("expected .decrease, got \(String(describing: reactor.stub.actions.last))")
            return
        }
    }
}

// MARK: - Fixtures

private final class CounterView: ReactorView {
    var bag = SubscriptionBag()
    var valueText = ""
    var bindCount = 0

    func bind(reactor: CounterReactor) {
        bindCount += 1
        reactor.state.map { "\($0.value)" }.distinctUntilChanged()
            .bind(to: self, \.valueText)
            .store(in: bag)
    }

    func tapDecrease() { reactor?.action.send(.decrease) }
}
