import Foundation
import Testing
import ReflowTesting
@testable import Reflow
@testable import ReflowCore
@testable import ReflowDevtools

private struct Item: Identifiable, Equatable { var id: Int; var name: String }

private struct KindsState {
    var count = 0
    var title = "Untitled"
    var items = EntityCollection<Int, Item>([Item(id: 1, name: "one"), Item(id: 2, name: "two")])
}

/// An observer kind of a feature that reports nothing of its own in a watched notification.
private final class Counting: Observer<KindsState> {
    var told = 0
    override func notify(_ value: KindsState) { told += 1 }
}

private struct Bump: Action {}
private struct Retitle: Action { var title: String }
private struct Rename: Action { var id: Int; var name: String }

private let kindsReducer = Reducer<KindsState>.combine(
    Reducer<Int>.on(Bump.self) { count, _ in count += 1 }.scope(\KindsState.count),
    Reducer<String>.on(Retitle.self) { title, action in title = action.title }.scope(\KindsState.title),
    Reducer<EntityCollection<Int, Item>>.on(Rename.self) { items, action in
        _ = items.update(id: action.id) { $0.name = action.name }
    }.scope(\KindsState.items)
)

/// Every kind of observer a store notifies shows in a trace: those of features outside the
/// engine's groups (entity subscriptions, streams, persistence) and a kind that reports
/// nothing of its own, which shows as evaluated under its type.
@MainActor
@Suite final class UpdateTraceObserverKindsTests {
    private var directories: [URL] = []

    deinit {
        for directory in directories { try? FileManager.default.removeItem(at: directory) }
    }

    private func tracedStore() -> (Store<KindsState>, History<KindsState>) {
        let store = Store(reducer: kindsReducer, state: KindsState())
        let history = History<KindsState>()
        history.attach(to: store)
        history.isTracing = true
        return (store, history)
    }

    /// Each entity subscription the index tells shows as evaluated, and fires only when its
    /// entity changed. (A history keeps copies of the state, so the collection's journal is
    /// copied on write and the index tells every entity's subscribers, in no set order.)
    @Test func entitySubscriptions_showWhenTold_andFireForTheEntityThatChanged() {
        let store = Store(reducer: kindsReducer, state: KindsState())
        var firstNames: [String?] = []
        let first = store.subscribe(1, in: \.items) { firstNames.append($0?.name) }   // made before tracing
        let history = History<KindsState>()
        history.attach(to: store)
        history.isTracing = true
        let second = store.subscribe(2, in: \.items) { _ in }                         // made while tracing

        store.dispatch(Rename(id: 2, name: "deux"))
        store.dispatch(Rename(id: 1, name: "un"))
        store.dispatch(Rename(id: 1, name: "un"))      // no change: evaluated, not fired
        store.dispatch(Bump())                         // the collection is not written: not told

        let traces = history.entries.map(\.trace)
        let two = "subscription 1 (\\KindsState.items[id: 2])"     // named when made
        let one = "subscription 2 (\\KindsState.items[id: 1])"     // named when first seen
        #expect(traces[0]?.fired == [two])
        for trace in traces.prefix(3) {
            #expect(Set(trace?.evaluated ?? []) == [one, two])
        }
        #expect(traces[1]?.fired == [one])
        #expect(traces[2]?.fired == [])
        #expect(traces[3]?.evaluated == [])
        #expect(firstNames == ["one", "un"])
        first.cancel()
        second.cancel()
    }

    @Test func storeStreams_areEvaluatedEachNotification_andFireOnChange() {
        let (store, history) = tracedStore()
        let counts = store.values(\.count)
        let titles = store.values(of: { $0.title.uppercased() })

        store.dispatch(Bump())
        store.dispatch(Retitle(title: "Hello"))

        let counting = "stream 1 (\\KindsState.count)"
        let titling = "stream 2 (closure)"
        #expect(history.entries[0].trace?.evaluated == [counting, titling])
        #expect(history.entries[0].trace?.fired == [counting])
        #expect(history.entries[1].trace?.evaluated == [counting, titling])
        #expect(history.entries[1].trace?.fired == [titling])
        _ = (counts, titles)
    }

    @Test func aConnectionsStream_showsAsAStreamOfItsProps() {
        struct TitleProps: Equatable { var title: String }
        let (store, history) = tracedStore()
        let connection = Connection(store: store, mapStateToProps: { TitleProps(title: $0.title) },
                                    mapDispatchToActions: { _ in () })
        connection.connect()
        let titles = connection.values(\.title)

        store.dispatch(Retitle(title: "Hello"))

        #expect(history.entries[0].trace?.evaluated == ["Connection 1 (TitleProps)", "stream 2 (\\.title)"])
        #expect(history.entries[0].trace?.fired == ["Connection 1 (TitleProps)", "stream 2 (\\.title)"])
        _ = titles
    }

    @Test func persistence_showsAsEvaluated_withItsFiles() async {
        let directory = makeTemporaryDirectory()
        directories.append(directory)
        let persistence = StatePersistence(directory: directory,
                                           slices: [PersistedSlice(\KindsState.count, file: "count.json"),
                                                    PersistedSlice(\KindsState.title, file: "title.json")],
                                           clock: TestClock())
        let (store, history) = tracedStore()
        persistence.attach(to: store)

        store.dispatch(Bump())

        #expect(history.entries[0].trace?.evaluated == ["persistence 1 (count.json, title.json)"])
        #expect(history.entries[0].trace?.fired == [])
        await persistence.flush()
        persistence.detach()
    }

    /// An observer kind that does not say what it delivered still shows, as evaluated,
    /// named by its type: a trace is never silently short of an observer.
    @Test func anObserverKindThatReportsNothing_showsAsEvaluated() {
        let (store, history) = tracedStore()
        let observer = Counting()
        let subscription = store.observers.subscribe(observer)

        store.dispatch(Bump())

        #expect(history.entries[0].trace?.evaluated == ["observer 1 (Counting)"])
        #expect(history.entries[0].trace?.fired == [])
        #expect(observer.told == 1)
        subscription.cancel()
    }
}
