import Testing
import Reflow
import ReflowDevtools

/// Counts how often the state is reflected: `StateDiff` reflects each value it walks.
private final class ReflectionCount {
    var count = 0
}

/// A part of the state that counts its reflections.
private struct Probe: CustomReflectable {
    let reflections: ReflectionCount
    var customMirror: Mirror {
        reflections.count += 1
        return Mirror(self, children: [])
    }
}

private struct ProbedState {
    var count = 0
    var title = "Untitled"
    var probe: Probe
}

private struct SetCount: Action { var value: Int }
private struct Retitle: Action { var title: String }

private let probedReducer = Reducer<ProbedState>
    .on(SetCount.self) { state, action in state.count = action.value }
    .on(Retitle.self) { state, action in state.title = action.title }

/// A trace's changed key paths: found when the trace is read, from the states the action
/// was recorded with, so that a traced dispatch does not walk the state.
@MainActor
@Suite struct UpdateTraceChangedKeyPathsTests {
    @Test func aTracedDispatch_walksNoState_untilItsTraceIsRead() {
        let reflections = ReflectionCount()
        let store = Store(reducer: probedReducer, state: ProbedState(probe: Probe(reflections: reflections)))
        let history = History<ProbedState>()
        history.isTracing = true
        history.attach(to: store)

        store.dispatch(SetCount(value: 3))
        store.dispatch(Retitle(title: "Groceries"))
        #expect(reflections.count == 0)

        #expect(history.entries[0].trace?.changedKeyPaths == [".count"])
        #expect(history.entries[1].trace?.changedKeyPaths == [".title"])
        #expect(reflections.count > 0)
    }

    @Test func skippingAnEntry_keepsTheChangedKeyPathsEachTraceRecorded() {
        let store = Store(reducer: probedReducer, state: ProbedState(probe: Probe(reflections: ReflectionCount())))
        let history = History<ProbedState>()
        history.isTracing = true
        history.attach(to: store)
        store.dispatch(SetCount(value: 1))   // 0 → 1
        store.dispatch(SetCount(value: 1))   // 1 → 1: nothing changed
        store.dispatch(Retitle(title: "Groceries"))

        history.setSkipped(true, at: 1)
        // Recomputed, the second action now takes the count from 0 to 1 …
        #expect(history.entries[1].stateBefore.count == 0)
        #expect(history.entries[1].state.count == 1)
        // … but each trace says what its dispatch changed when it was recorded.
        #expect(history.entries[0].trace?.changedKeyPaths == [".count"])
        #expect(history.entries[1].trace?.changedKeyPaths == [])
        #expect(history.entries[2].trace?.changedKeyPaths == [".title"])

        history.setSkipped(false, at: 1)
        #expect(history.entries[1].trace?.changedKeyPaths == [])
    }

    @Test func anUntracedEntry_hasNoTrace_andATraceStartsWithTracing() {
        let store = Store(reducer: probedReducer, state: ProbedState(probe: Probe(reflections: ReflectionCount())))
        let history = History<ProbedState>()
        history.attach(to: store)
        store.dispatch(SetCount(value: 1))
        history.isTracing = true
        store.dispatch(SetCount(value: 2))
        #expect(history.entries[0].trace == nil)
        #expect(history.entries[1].trace?.changedKeyPaths == [".count"])
        #expect(history.entries[1].trace?.reducers.isEmpty == false)
    }
}
