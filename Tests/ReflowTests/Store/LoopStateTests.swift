import Testing
@testable import ReflowCore

/// The dispatch loop's state and its transitions, against a model kept another way: a
/// stack of open batches, each remembering whether the state changed inside it, and a
/// count of nested drains. (A store's batches, end to end, are in `StoreModelTests`.)
@Suite struct LoopStateTests {
    private struct Probe: Action {}

    @Test func nestedBatches_notifyOnceWhenTheOutermostEnds() {
        var state = DispatchLoop<Int>.LoopState()
        state.enterBatch()
        state.enterBatch()
        state.batchChangedState = true  // as `stateDidChange` does inside a batch
        let innerNotifies = state.leaveBatch()
        #expect(!innerNotifies, "an inner batch does not notify")
        #expect(!state.isPlain, "a batch is still open")
        let outerNotifies = state.leaveBatch()
        #expect(outerNotifies, "the outermost batch notifies for the change inside")
        #expect(state.isPlain && !state.batchChangedState)
        state.enterBatch()
        let emptyNotifies = state.leaveBatch()
        #expect(!emptyNotifies, "a batch without changes does not notify")
    }

    @Test func aDrainInsideADrain_isRefused() {
        var state = DispatchLoop<Int>.LoopState()
        let outer = state.beginDraining()
        let inner = state.beginDraining()
        #expect(outer && !inner)
        state.endDraining()
        let next = state.beginDraining()
        #expect(next)
    }

    @Test func reducing_closesTheOwnedPath_butIsNoStage() {
        var state = DispatchLoop<Int>.LoopState()
        #expect(state.admitsOwnedDispatch)
        state.reducingActionType = Probe.self
        #expect(!state.admitsOwnedDispatch)
        #expect(state.isPlain, "reducing is not a stage; `dispatch` tests it beside `isPlain`")
    }

    /// Random programs of batches, changes and drains.
    @Test func randomPrograms_matchTheModel() {
        let first = modelFirstSeed()
        for seed in first..<(first + UInt64(modelProgramCount(default: 500))) {
            var random = SeededRandom(seed: seed)
            var state = DispatchLoop<Int>.LoopState()
            var openBatches: [Bool] = []  // per open batch, innermost last: whether the state changed in it
            var drains = 0
            var notified = 0
            var expectedNotifications = 0
            for step in 0..<60 {
                switch Int.random(in: 0..<5, using: &random) {
                case 0 where openBatches.count < 4:
                    state.enterBatch()
                    openBatches.append(false)
                case 1 where !openBatches.isEmpty:
                    let changed = openBatches.removeLast()
                    if openBatches.isEmpty {
                        if changed { expectedNotifications += 1 }
                    } else if changed {
                        openBatches[openBatches.count - 1] = true
                    }
                    if state.leaveBatch() { notified += 1 }
                case 2 where !openBatches.isEmpty:
                    // A reduction inside a batch, as `stateDidChange` notes it.
                    openBatches[openBatches.count - 1] = true
                    state.batchChangedState = true
                case 3:
                    let began = state.beginDraining()
                    #expect(began == (drains == 0), "seed \(seed), step \(step)")
                    if began { drains += 1 }
                case 4 where drains > 0:
                    state.endDraining()
                    drains -= 1
                default:
                    break
                }
                #expect(notified == expectedNotifications, "seed \(seed), step \(step)")
                #expect(state.isPlain == openBatches.isEmpty, "seed \(seed), step \(step)")
                #expect(state.batchDepth == openBatches.count, "seed \(seed), step \(step)")
            }
        }
    }
}
