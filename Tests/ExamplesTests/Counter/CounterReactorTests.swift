import Reflow
import ReflowTesting
import Testing
@testable import CounterKit

@MainActor
@Suite struct CounterReactorTests {
    let clock = TestClock()

    @Test func increase_waitsHalfASecond_withTheLoadingFlag_thenAlertsOnce() async {
        let reactor = CounterReactor(clock: clock)
        let values = SignalRecorder(reactor.state.map(\.value).distinctUntilChanged())
        let loading = SignalRecorder(reactor.state.map(\.isLoading).distinctUntilChanged())
        let alerts = SignalRecorder(reactor.pulse(\.$alertMessage).compactMap { $0 })
        reactor.action.send(.increase)
        await clock.advance(by: .milliseconds(499))
        #expect(values.values == [0])
        #expect(loading.values == [false, true])
        await clock.advance(by: .milliseconds(1))
        #expect(values.values == [0, 1])
        #expect(loading.values == [false, true, false])
        #expect(alerts.values == ["increased!"])
    }

    @Test func hostedInTheStore_theSliceFollows_andEveryAlertPulsesOnce() async {
        let reactor = CounterReactor(clock: clock)
        let app = CounterApp.make(reactor: reactor)
        let alerts = SignalRecorder(reactor.pulse(\.$alertMessage).compactMap { $0 })
        reactor.action.send(.increase)
        await clock.advance(by: .milliseconds(500))
        reactor.action.send(.increase)
        await clock.advance(by: .milliseconds(500))
        reactor.action.send(.decrease)
        await clock.advance(by: .milliseconds(500))
        #expect(app.store.state.counter.value == 1)
        #expect(alerts.values == ["increased!", "increased!", "decreased!"])
        #expect(app.screen.alert == "decreased!")
        await app.screen.finish()
    }

    @Test func theScreen_showsProps_andTheMiddlewaresLogOfEachMutation() async {
        let reactor = CounterReactor(clock: clock)
        let app = CounterApp.make(reactor: reactor)
        #expect(app.screen.handle(.character("+")) == .handled)
        #expect(app.screen.props == CounterProps(value: "0", isLoading: true))
        #expect(app.screen.isBusy)
        await clock.advance(by: .milliseconds(500))
        #expect(app.screen.props == CounterProps(value: "1", isLoading: false))
        let frame = app.screen.frame(size: .standard).joined(separator: "\n")
        #expect(frame.contains("[ - ]   1"))
        #expect(frame.contains("⚠ increased!"))
        #expect(app.screen.log.contains("→ CounterReactor.Mutation.setAlertMessage(\"increased!\")"))
        #expect(app.screen.log.contains("  + .counter.alertMessage: \"increased!\""))
        _ = app.screen.handle(.character("x"))                  // any key dismisses the alert
        #expect(app.screen.alert == nil)
        #expect(app.screen.handle(.character("q")) == .quit)
        await app.screen.finish()
    }

    @Test func props_areTheValueAndTheFlag() {
        var state = CounterReactor.State()
        state.value = -3
        state.isLoading = true
        #expect(counterProps(from: state) == CounterProps(value: "-3", isLoading: true))
    }

}
