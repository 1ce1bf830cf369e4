import Foundation
import Testing
import Reflow

/// Actions need not be `Sendable`: one that carries a class (a cache entry, a view model's
/// draft) is dispatched on the main actor, sent back by an effect that made it (`sending`),
/// and handed over by a background thread through a `Dispatch`. This file does not compile
/// if `Action` refines `Sendable` again.
@MainActor
@Suite struct NonSendableActionTests {
    /// A reference the app keeps mutable; not `Sendable`.
    final class Draft {
        var text: String
        init(_ text: String) { self.text = text }
    }

    struct DraftSaved: Action { let draft: Draft }

    struct DraftsState: Equatable { var saved: [String] = [] }

    private func makeStore(middleware: [Middleware<DraftsState>] = []) -> Store<DraftsState> {
        Store(reducer: .on(DraftSaved.self) { state, action in state.saved.append(action.draft.text) },
              state: DraftsState(), middleware: middleware)
    }

    @Test func aNonSendableAction_isDispatched_andSentBackByAnEffect() async {
        let store = makeStore()
        store.dispatch(DraftSaved(draft: Draft("on main")))
        await store.run(.run { send in
            let draft = Draft("made by the effect")
            draft.text += ", sent once"
            await send(DraftSaved(draft: draft))
        }).finish()
        #expect(store.state.saved == ["on main", "made by the effect, sent once"])
    }

    @Test func aBackgroundThread_handsANonSendableActionToTheMainActor() async {
        var arrived: CheckedContinuation<Void, Never>?
        let store = makeStore(middleware: [Middleware { _, action, next in
            next(action)
            arrived?.resume()
            arrived = nil
        }])
        let dispatch = Dispatch { store.dispatch($0) }
        await withCheckedContinuation { continuation in
            arrived = continuation
            Thread {
                #expect(!Thread.isMainThread)
                dispatch(DraftSaved(draft: Draft("from a thread")))
            }.start()
        }
        #expect(store.state.saved == ["from a thread"])
    }
}
