import Testing
@testable import Reflow
@testable import ReflowCore

/// The package's unchecked casts trust an invariant of their caller; under
/// `REFLOW_INTERNAL_CHECKS` (every run of these tests) each cast checks it. These exit
/// tests break each invariant on purpose and show that the check stops the program before a
/// wrong object is read as another type, at the size an app's screen reaches.
@MainActor
@Suite struct UncheckedCastChecksTests {
#if REFLOW_INTERNAL_CHECKS && (os(macOS) || os(Linux) || os(Windows))  // exit tests: not on iOS and the rest
    private struct State { var a = 0 }
    private struct SetA: Action { var value: Int }
    private final class Foreign: Observer<State> {}
    private final class Box {}
    private final class OtherBox {}

    /// A key-path group's member table must hold only its members: one foreign observer
    /// among 2,000 members stops the pass that reaches it (its cast checks the exact class
    /// in every build).
    @Test func aForeignObserverInAKeyPathGroup_stopsItsPass() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let store = Store(reducer: Reducer<State>.on(SetA.self) { state, action in state.a = action.value },
                                  state: State())
                let subscriptions = (0..<2_000).map { _ in store.subscribe(\.a) { _ in } }
                guard let group = store.observers.newest as? KeyPathGroup<State, Int> else { return }
                group.members.insert(Foreign())
                store.dispatch(SetA(value: 1))  // every member fires: the pass visits them all
                _ = subscriptions
            }
        }
        .map { result in
            #expect(String(decoding: result.standardErrorContent, as: UTF8.self).contains("was read as a"))
        }
    }

    /// `uncheckedCast(_:to:)` (a reactor's core, the reactor that owns it) checks the type.
    @Test func uncheckedCastToAnotherClass_stops() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = uncheckedCast(Box(), to: OtherBox.self)
        }
        .map { result in
            #expect(String(decoding: result.standardErrorContent, as: UTF8.self).contains("is not"))
        }
    }
#endif
}
