import Foundation
import Reflow
import ReflowTesting
import Testing
import TestSupport
@testable import CounterKit
import ReflowDevtools

@MainActor
@Suite struct CounterReactorTests {
    /// The example registers its reactor's actions: the inspector's Dispatch sends one
    /// through the store, as the keys do.
    @Test func theInspectorsDispatch_sendsTheCounterAnAction_asAKeyDoes() async throws {
        let reactor = CounterReactor(clock: clock)
        let app = CounterApp.make(reactor: reactor)
        let history = History<CounterApp.State>()
        history.attach(to: app.store)
        let server = try history.serveInspector(actionTypes: CounterApp.actionTypes)
        defer { server.stop() }
        let token = try #require(URLComponents(url: server.url, resolvingAgainstBaseURL: false)?.queryItems?.first?.value)
        let reply = try await LoopbackHTTPClient.request(
            "POST", "/api/dispatch", body: #"{"type": "CounterReactor.Action", "action": {"action": {"decrease": {}}}}"#,
            port: server.port, headers: ["X-Reflow-Token": token, "Origin": "http://127.0.0.1:\(server.port)"])
        #expect(reply.status == 200, "\(reply.text)")
        #expect(app.store.state.counter.isLoading)      // mutate ran: the counter waits
        await clock.advance(by: .milliseconds(500))
        #expect(app.store.state.counter.value == -1 && reactor.currentState.value == -1)
    }

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
