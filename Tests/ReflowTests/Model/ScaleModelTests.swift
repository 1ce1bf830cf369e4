import Testing
import Reflow

/// Delivery at the sizes apps reach: random programs of 1 to 3,000 observers of every kind
/// (store subscriptions by closure, key path and `subscribe(_:at:)`; connections by
/// `mapStateToProps`, `slice:` and `slice:at:`, bound to closures and to object
/// properties) over two stores, with connect, disconnect, release and re-point at random
/// points, inside batches and from sinks, re-entrant dispatches from sinks, and an array
/// that grows and shrinks. What each observer was given is checked, value by value,
/// against ``ScaleModel``.
///
/// With `REFLOW_INTERNAL_CHECKS` (as CI runs it) every table, group and element read
/// checks its invariants as the programs run.
@MainActor
@Suite struct ScaleModelTests {
    /// Most programs are small, where interleavings are dense; one in six has hundreds to
    /// thousands of observers, past every threshold a table or group changes shape at
    /// (slot compaction, the quarter of slots a pass visits one by one, capacity growth).
    static func observerCount(_ random: inout SeededRandom) -> Int {
        switch Int.random(in: 0..<12, using: &random) {
        case 0..<6: Int.random(in: 1...24, using: &random)
        case 6..<10: Int.random(in: 25...300, using: &random)
        case 10: Int.random(in: 301...1_200, using: &random)
        default: Int.random(in: 1_201...3_000, using: &random)
        }
    }

    /// Simpler forms of a step for the shrinker: an observer without its reaction, a batch
    /// without one of its steps. (Dropping an `add` renumbers the observers after it, so
    /// the shrinker keeps most adds; these make them plain.)
    static func simplify(_ step: ScaleStep) -> [ScaleStep] {
        switch step {
        case .add(var spec) where spec.reaction != nil:
            spec.reaction = nil
            return [.add(spec)]
        case .batch(let store, let steps):
            return steps.indices.map { index in
                var fewer = steps
                fewer.remove(at: index)
                return .batch(store: store, fewer)
            }
        default:
            return []
        }
    }

    @Test func randomPrograms_matchTheModel() async {
        func fails(_ program: ScaleProgram) -> Bool { ScaleRunner.run(program) != ScaleModel.run(program) }
        let first = modelFirstSeed()
        for seed in first..<(first + UInt64(modelProgramCount(default: 80))) {
            var random = SeededRandom(seed: seed)
            let program = ScaleProgram.random(observers: Self.observerCount(&random), using: &random)
            // Run yielding the main actor, which the other tests of a parallel run share.
            guard await ScaleRunner.runYielding(program) != ScaleModel.run(program) else {
                await Task.yield()
                continue
            }
            var shrunk = program
            shrunk.steps = shrink(program.steps, simplify: Self.simplify) { steps in
                var candidate = program
                candidate.steps = steps
                return fails(candidate)
            }
            Issue.record("""
                Seed \(seed) (rerun with REFLOW_MODEL_SEED=\(seed) REFLOW_MODEL_PROGRAMS=1): scale program and \
                model differ. Shrunk program:
                \(shrunk)
                differences (run vs model):
                \(ScaleRunner.run(shrunk).differences(from: ScaleModel.run(shrunk)))
                """)
            return
        }
    }
}
