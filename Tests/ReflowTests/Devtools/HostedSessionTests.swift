import Foundation
import Testing
import Reflow
import TestSupport
import ReflowDevtools

// A hosted reactor's recorded session: exported, imported, skipped, written as a test.

final class TallyReactor: Reactor {
    enum Action: Codable, Sendable { case add(Int) }
    enum Mutation: Codable, Sendable { case added(Int) }
    struct State: Codable, Equatable, Sendable { var total = 0 }
    let initialState = State()
    func mutate(action: Action) -> Effect<Mutation> {
        switch action { case .add(let amount): .just(.added(amount)) }
    }
    func reduce(state: State, mutation: Mutation) -> State {
        switch mutation { case .added(let amount): State(total: state.total + amount) }
    }
}

struct TallyApp: Codable, Equatable { var tally = TallyReactor.State() }

/// A hosted reactor's mutations export, and import bound to the importing store's hosting
/// of that reactor: skip and replay then reduce them with it.
@MainActor
@Suite struct HostedSessionExportTests {
    private var types: ActionTypes {
        var types = ActionTypes()
        types.register(ReactorAction<TallyReactor>.self, as: "TallyReactor.Action")
        types.register(ReactorMutation<TallyReactor>.self, as: "TallyReactor.Mutation")
        return types
    }

    private func hostedStore() -> (Store<TallyApp>, History<TallyApp>) {
        let store = Store(reducer: Reducer<TallyApp> { _, _ in }, state: TallyApp())
        store.host(TallyReactor(), at: \.tally)
        let history = History<TallyApp>()
        history.attach(to: store)
        return (store, history)
    }

    @Test func mutations_roundTrip_andAreBoundToTheImportingStoresReactor() throws {
        let (store, history) = hostedStore()
        for amount in [1, 10, 100] { store.dispatch(ReactorAction<TallyReactor>(.add(amount))) }
        #expect(history.entries.count == 6 && store.state.tally.total == 111)
        let data = try history.exportJSON(actionTypes: types)

        let (otherStore, other) = hostedStore()
        try other.importJSON(data, actionTypes: types)
        #expect(other.entries.map(\.state) == history.entries.map(\.state))
        #expect(other.replayCheck() == nil)
        other.setSkipped(true, at: 4)          // the mutation that added 10
        #expect(other.entries.last?.state.tally.total == 101 && otherStore.state.tally.total == 101)
    }

    @Test func withoutTheReactorHosted_skipIsRefusedByTheInspector() async throws {
        let (store, history) = hostedStore()
        store.dispatch(ReactorAction<TallyReactor>(.add(5)))
        let bare = Store(reducer: Reducer<TallyApp> { _, _ in }, state: TallyApp())
        let other = History<TallyApp>()
        other.attach(to: bare)
        try other.importJSON(try history.exportJSON(actionTypes: types), actionTypes: types)
        let server = try other.serveInspector(actionTypes: types)
        defer { server.stop() }
        let token = try #require(URLComponents(url: server.url, resolvingAgainstBaseURL: false)?.queryItems?.first?.value)
        let reply = try await LoopbackHTTPClient.request("POST", "/api/skip", body: #"{"position": 1, "skipped": true}"#,
                                                         port: server.port,
                                                         headers: ["X-Reflow-Token": token, "Origin": "http://127.0.0.1:\(server.port)"])
        #expect(reply.status == 409 && reply.text.contains("does not host"), "\(reply.text)")
        #expect(!other.entries[1].isSkipped && bare.state.tally.total == 0)
        // A mutation is its reactor's to make: the page dispatches the reactor's action.
        let mutation = try await LoopbackHTTPClient.request(
            "POST", "/api/dispatch", body: #"{"type": "TallyReactor.Mutation", "action": {"mutation": {"added": {"_0": 1}}}}"#,
            port: server.port, headers: ["X-Reflow-Token": token, "Origin": "http://127.0.0.1:\(server.port)"])
        #expect(mutation.status == 400 && mutation.text.contains("dispatch the reactor's action"), "\(mutation.text)")
        #expect(other.entries.count == 2)
    }
}

/// A written test of a hosted reactor's session: its actions are comments, its mutations
/// are sent from the reactor; an action that a store reducer also handles is refused.
@MainActor
@Suite struct HostedSessionTestSourceTests {
    @Test func reactorActionsAreComments_mutationsAreSentFromTheReactor() throws {
        let store = Store(reducer: Reducer<TallyApp> { _, _ in }, state: TallyApp())
        store.host(TallyReactor(), at: \.tally)
        let history = History<TallyApp>()
        history.attach(to: store)
        store.dispatch(ReactorAction<TallyReactor>(.add(2)))
        let source = try history.testSource(SessionTestSetup(
            module: "ReflowTests", reducer: ".empty", state: TallyApp(), writtenAs: "TallyApp()",
            hosting: [HostedReactorSource("TallyReactor()", at: "\\.tally")]))
        #expect(source.contains("    // TallyReactor.Action.add(2): the mutations it made follow.\n"))
        #expect(source.contains("    await store.send(.added(2), from: TallyReactor.self) { $0.tally.total = 2 }\n"))
    }

    @Test func aReactorActionThatAStoreReducerHandles_isRefused() {
        let store = Store(reducer: Reducer<TallyApp>.on(ReactorAction<TallyReactor>.self) { state, _ in state.tally.total = -1 },
                          state: TallyApp())
        let history = History<TallyApp>()
        history.attach(to: store)
        store.dispatch(ReactorAction<TallyReactor>(.add(2)))
        #expect {
            try history.testSource(SessionTestSetup(module: "ReflowTests", reducer: "r", state: TallyApp(), writtenAs: "TallyApp()"))
        } throws: { error in
            "\(error)".hasPrefix("Entry 1: TallyReactor.Action.add(2) changed the store's state itself")
        }
    }
}
