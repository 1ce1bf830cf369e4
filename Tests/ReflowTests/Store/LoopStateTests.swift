import Testing
@testable import ReflowCore

// (A comparison with `true` or `false` where a bare property would do: `#expect` passes
// the base of a bare property access on as a value, and `LoopState` is noncopyable.)

/// The dispatch loop's state machine, event by event, against a model kept another way: a
/// stack of open batches, the actions a batch collects during a notification, a queue of
/// what runs later, and a count of nested drains. (A store's dispatches end to end are in
/// `StoreModelTests` and `StoreDispatchTests`.)
@Suite struct LoopStateTests {
    private struct Probe: Action { let id: Int }

    @Test func nestedBatches_notifyOnceWhenTheOutermostEnds() {
        var state = LoopState()
        let outer = state.beginBatch()
        let inner = state.beginBatch()
        state.batchChangedState = true  // as `stateDidChange` does inside a batch
        let innerNotifies = state.endBatch(inner)
        #expect(!innerNotifies, "an inner batch does not notify")
        #expect(!state.isPlain && !state.admitsInlineDispatch, "a batch is still open")
        let outerNotifies = state.endBatch(outer)
        #expect(outerNotifies, "the outermost batch notifies for the change inside")
        #expect(state.isPlain && !state.batchChangedState)
        let empty = state.beginBatch()
        let emptyNotifies = state.endBatch(empty)
        #expect(!emptyNotifies, "a batch without changes does not notify")
    }

    @Test func aBatchDuringANotification_isQueuedAsOneEntry() {
        var state = LoopState()
        state.isNotifying = true
        let step = state.beginBatch()
        #expect(step == .collect)
        #expect(described(state.arrive()) == "queue")
        state.enqueue(Probe(id: 1))
        state.enqueue(Probe(id: 2))
        #expect(state.hasQueued == false, "collected, not queued, until the batch ends")
        let notifies = state.endBatch(step)
        #expect(!notifies)
        state.isNotifying = false
        guard case .batch(let actions)? = state.nextQueued() else {
            Issue.record("expected the batch")
            return
        }
        #expect(actions.map { ($0 as! Probe).id } == [1, 2])
        #expect(state.nextQueued() == nil)
    }

    @Test func aDrainInsideADrain_isRefused() {
        var state = LoopState()
        let outer = state.beginDraining()
        let inner = state.beginDraining()
        #expect(outer && !inner)
        state.endDraining()
        let next = state.beginDraining()
        #expect(next)
    }

    @Test func reducingOrNotifying_closesTheFastPaths_butIsNoStage() {
        var state = LoopState()
        #expect(state.admitsOwnedDispatch && state.admitsInlineDispatch && described(state.arrive()) == "run")
        state.reducingActionType = Probe.self
        #expect(!state.admitsOwnedDispatch && !state.admitsInlineDispatch)
        #expect(state.isPlain == true, "reducing is not a stage")
        state.reducingActionType = nil
        state.isNotifying = true
        #expect(!state.admitsOwnedDispatch && !state.admitsInlineDispatch && described(state.arrive()) == "queue")
        #expect(state.isPlain == true, "notifying is not a stage")
    }

    /// What the model expects in the queue.
    private enum Expected: Equatable {
        case action(Int), batch([Int]), route(Int)

        init(_ entry: QueuedEntry) {
            switch entry {
            case .action(let action): self = .action((action as! Probe).id)
            case .batch(let actions): self = .batch(actions.map { ($0 as! Probe).id })
            case .route(let action): self = .route((action as! Probe).id)
            }
        }
    }

    /// Random programs of the loop's events, in the orders the loop can make them: a
    /// reduction inside a notification never happens (its dispatch is queued), and
    /// batches and notifications nest as calls do.
    @Test func randomPrograms_matchTheModel() {
        let first = modelFirstSeed()
        for seed in first..<(first + UInt64(modelProgramCount(default: 500))) {
            var random = SeededRandom(seed: seed)
            var state = LoopState()
            // Per open batch, innermost last: whether it collects, and its step.
            var openBatches: [(collects: Bool, step: LoopState.BatchStep)] = []
            var changedInBatch = false
            var collected: [Int]?
            var queue: [Expected] = []
            var reducing = false
            var notifying = false
            var drains = 0
            var nextID = 0
            for step in 0..<80 {
                let at: Comment = "seed \(seed), step \(step)"
                let nestDepth = openBatches.count { !$0.collects }
                switch Int.random(in: 0..<10, using: &random) {
                case 0 where !reducing && !notifying:
                    state.reducingActionType = Probe.self
                    reducing = true
                case 1 where reducing:
                    // The reduction ends; `stateDidChange` notes it inside a batch.
                    state.reducingActionType = nil
                    reducing = false
                    if nestDepth > 0 {
                        state.batchChangedState = true
                        changedInBatch = true
                    }
                case 2:
                    nextID += 1
                    let expected: LoopState.ArrivalStep = reducing ? .refuse(reducing: Probe.self) : notifying ? .queue : .run
                    #expect(described(state.arrive()) == described(expected), at)
                    if notifying && !reducing {
                        state.enqueue(Probe(id: nextID))
                        if collected != nil { collected!.append(nextID) } else { queue.append(.action(nextID)) }
                    }
                case 3 where reducing:
                    nextID += 1
                    state.enqueueRoute(Probe(id: nextID))
                    queue.append(.route(nextID))
                case 4 where !reducing && !notifying && openBatches.isEmpty:
                    state.isNotifying = true
                    notifying = true
                case 5 where notifying && openBatches.isEmpty:
                    state.isNotifying = false
                    notifying = false
                case 6 where !reducing && openBatches.count < 4:
                    let collects = notifying && collected == nil
                    let batchStep = state.beginBatch()
                    #expect(batchStep == (collects ? .collect : .nest), at)
                    if collects { collected = [] }
                    openBatches.append((collects, batchStep))
                case 7 where !reducing && !openBatches.isEmpty:
                    let (collects, batchStep) = openBatches.removeLast()
                    var expectNotify = false
                    if collects {
                        if let ids = collected, !ids.isEmpty { queue.append(.batch(ids)) }
                        collected = nil
                    } else if nestDepth == 1 {
                        expectNotify = changedInBatch
                        changedInBatch = false
                    }
                    #expect(state.endBatch(batchStep) == expectNotify, at)
                case 8:
                    let began = state.beginDraining()
                    #expect(began == (drains == 0), at)
                    if began { drains += 1 }
                case 9 where drains > 0 && !notifying && !reducing:
                    if Bool.random(using: &random) {
                        #expect(state.nextQueued().map(Expected.init) == queue.first, at)
                        if !queue.isEmpty { queue.removeFirst() }
                    } else {
                        state.endDraining()
                        drains -= 1
                    }
                default:
                    break
                }
                let depth = openBatches.count { !$0.collects }
                #expect(state.batchDepth == depth, at)
                #expect(state.isPlain == (depth == 0), at)
                #expect(state.hasQueued == !queue.isEmpty, at)
                #expect(state.admitsInlineDispatch == (depth == 0 && !reducing && !notifying), at)
                #expect(state.admitsOwnedDispatch == (!reducing && !notifying), at)
            }
        }
    }
}

/// An arrival step, comparable: its case, and the type a refusal names.
private func described(_ step: LoopState.ArrivalStep) -> String {
    switch step {
    case .refuse(let reducing): "refuse \(reducing)"
    case .queue: "queue"
    case .run: "run"
    }
}
