import Testing
@testable import ReflowCore

/// The loop's optional stages: each case of `DispatchStage` has its own bit, the fast
/// paths admit exactly the stages each case says they run, and each bit follows the field
/// that turns its stage on.
@Suite struct DispatchStagesTests {
    @Test func eachStage_hasItsOwnBit() {
        var seen: DispatchStages = DispatchStages()
        for stage in DispatchStage.allCases {
            #expect(!seen.contains(stage), "\(stage) shares a bit")
            seen.insert(stage)
            #expect(seen.contains(stage), "\(stage) has no bit in the byte")
        }
        #expect(seen.bits.nonzeroBitCount == DispatchStage.allCases.count)
        for stage in DispatchStage.allCases {
            seen.remove(stage)
            #expect(!seen.contains(stage))
        }
        #expect(seen.isEmpty)
    }

    /// Each fast path admits a stage exactly when the stage says that path runs it: routes
    /// alone for the inline dispatch; for an owned dispatch, all but the two that must see
    /// each action on its way (middleware, a reduction observer).
    @Test func theFastPaths_admitTheStagesTheyRun() {
        var state = LoopState()
        #expect(state.admitsInlineDispatch && state.admitsOwnedDispatch)
        for stage in DispatchStage.allCases {
            state.setStages(DispatchStages(only: stage))
            #expect(state.admitsInlineDispatch == stage.isRunByInlineDispatch, "\(stage)")
            #expect(state.admitsOwnedDispatch == stage.isRunByOwnedDispatch, "\(stage)")
            state.setStages(DispatchStages([.ownedReducers, .routes, stage]))
            #expect(state.admitsOwnedDispatch == stage.isRunByOwnedDispatch, "\(stage) beside a host's stages")
            #expect(state.admitsInlineDispatch == false, "\(stage) beside owned reducers")  // `LoopState` is noncopyable: see LoopStateTests
        }
        #expect(DispatchStage.allCases.filter(\.isRunByInlineDispatch) == [.routes])
        #expect(DispatchStage.allCases.filter { !$0.isRunByOwnedDispatch } == [.middleware, .reductionObserver])
        state.setStages(DispatchStages(only: .ownedReducers))
        state.reducingActionType = Probe.self
        #expect(state.admitsOwnedDispatch == false)
    }

    /// Each stage's bit is on exactly while the field that turns it on says so, through
    /// every way a feature changes those fields; every stage is among them.
    @MainActor @Test func eachStagesBit_followsItsField() {
        let store = Store(reducer: Reducer<Int>.on(Probe.self) { value, _ in value += 1 }, state: 0)
        let loop = store.loop
        var expected: DispatchStages = DispatchStages()
        var turnedOn: DispatchStages = DispatchStages()
        func check(_ comment: Comment) {
            #expect(loop.loopState.stages == expected, comment)
            for stage in DispatchStage.allCases where loop.loopState.stages.contains(stage) { turnedOn.insert(stage) }
        }
        check("a new store runs no stage")

        loop.reductionObserver = { _, _ in }
        expected.insert(.reductionObserver)
        check("a reduction observer")
        let watcher = Watcher()
        loop.watcher = watcher
        expected.insert(.watched)
        check("a watcher")
        loop.reductionObserver = nil
        expected.remove(.reductionObserver)
        check("the reduction observer removed")
        loop.watcher = nil
        expected = DispatchStages()
        check("the watcher removed")

        let owner = ObjectIdentifier(watcher)
        loop.addOwnedReducer(.empty, for: owner)
        expected.insert(.ownedReducers)
        check("an owned reducer")
        loop.addRoute(for: Probe.self, owner: owner) { _ in }
        loop.addRoute(for: Probe.self, owner: ObjectIdentifier(store)) { _ in }
        expected.insert(.routes)
        check("routes")
        loop.removeRoutes(of: owner)
        check("one owner's routes removed, another's left")
        loop.removeRoutes(of: ObjectIdentifier(store))
        expected.remove(.routes)
        check("every route removed")
        loop.removeOwnedReducer(for: owner)
        expected = DispatchStages()
        check("the owned reducer removed")

        loop.trackFootprints()
        loop.trackFootprints()
        expected.insert(.footprints)
        check("footprints, once tracked, stay")
        loop.installMiddleware([Middleware { _, action, next in next(action) }],
                               context: MiddlewareContext(store: store))
        expected.insert(.middleware)
        check("middleware")
        store.dispatch(Probe())
        #expect(store.state == 1)
        // A stage added later is walked here too, or this fails.
        for stage in DispatchStage.allCases {
            #expect(turnedOn.contains(stage), "no step above turns \(stage) on")
        }
    }

    private struct Probe: Action {}

    private final class Watcher: NotificationWatcher {
        func observerMade(_ observer: AnyObject, _ label: ObserverLabel) {}
        func evaluated(_ observer: AnyObject, _ label: ObserverLabel) {}
        func fired(_ observer: AnyObject, _ label: ObserverLabel) {}
        func willNotifyObservers(of source: AnyObject, _ label: ObserverLabel) {}
        func didNotifyObservers() {}
        func observerFired(at keyPath: AnyKeyPath) {}
    }
}
