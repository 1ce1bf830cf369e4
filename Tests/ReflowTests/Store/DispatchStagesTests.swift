import Testing
@testable import ReflowCore

/// The loop's optional stages: each case of `DispatchStage` has its own bit, the one
/// constant an owned dispatch (a hosted reactor's mutation) reads is the union of the
/// stages it runs, and each bit follows the field that turns its stage on.
@Suite struct DispatchStagesTests {
    @Test func eachStage_hasItsOwnBit() {
        var seen: DispatchStages = []
        for stage in DispatchStage.allCases {
            #expect(stage.bit.rawValue.nonzeroBitCount == 1, "\(stage)")
            #expect(seen.isDisjoint(with: stage.bit), "\(stage) shares a bit")
            seen.formUnion(stage.bit)
        }
    }

    /// Written as one constant for debug builds' sake, it must stay the union of the stages
    /// that say an owned dispatch runs them, and leave out the two that must see each
    /// action on its way.
    @Test func runByOwnedDispatch_isTheUnionOfTheStagesItRuns() {
        var expected: DispatchStages = []
        for stage in DispatchStage.allCases where stage.isRunByOwnedDispatch { expected.formUnion(stage.bit) }
        #expect(DispatchStages.runByOwnedDispatch == expected)
        #expect(expected == [.ownedReducers, .footprints, .watched, .routes])
        #expect(!DispatchStages.runByOwnedDispatch.contains(.middleware))
        #expect(!DispatchStages.runByOwnedDispatch.contains(.reductionObserver))
    }

    /// Every stage but those is left to the general path, a stage added later included.
    @Test func anyOtherStage_isNotAdmittedInline() {
        var state = DispatchLoop<Int>.LoopState()
        #expect(state.admitsOwnedDispatch)
        for bit in 0..<8 {
            let stage = DispatchStages(rawValue: 1 << bit)
            state.stages = [.ownedReducers, .routes, stage]
            #expect(state.admitsOwnedDispatch == DispatchStages.runByOwnedDispatch.contains(stage), "stage bit \(bit)")
        }
        state.stages = .ownedReducers
        state.reducingActionType = Probe.self
        #expect(!state.admitsOwnedDispatch)
    }

    /// Each stage's bit is on exactly while the field that turns it on says so, through
    /// every way a feature changes those fields; every stage is among them.
    @MainActor @Test func eachStagesBit_followsItsField() {
        let store = Store(reducer: Reducer<Int>.on(Probe.self) { value, _ in value += 1 }, state: 0)
        let loop = store.loop
        var expected: DispatchStages = []
        var turnedOn: DispatchStages = []
        func check(_ comment: Comment) {
            #expect(loop.loopState.stages == expected, comment)
            turnedOn.formUnion(loop.loopState.stages)
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
        expected = []
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
        expected = []
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
            #expect(turnedOn.contains(stage.bit), "no step above turns \(stage) on")
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
