import Testing
import Reflow

/// Random programs of dispatches, subscriptions of every kind, cancellations, releases,
/// batches, middleware that drops, rewrites and dispatches, and subscribers that
/// dispatch, subscribe, cancel and batch during a notification, run against a real
/// `Store` and against ``StoreModel``. A failure prints the seed and a shrunk program.
@MainActor
@Suite struct StoreModelTests {
    @Test func randomPrograms_matchTheModel() {
        let count = modelProgramCount(default: 3_000)
        let first = modelFirstSeed()
        var checked = 0
        for seed in first..<(first + UInt64(count)) {
            var random = SeededRandom(seed: seed)
            let program = StoreProgram.random(using: &random)
            let expected = StoreModel(middleware: program.middleware).run(program.steps)
            let actual = StoreRunner(middleware: program.middleware).run(program.steps)
            checked += 1
            guard actual != expected else { continue }
            let shrunk = shrink(program.steps, simplify: StoreProgram.simplify) { steps in
                StoreModel(middleware: program.middleware).run(steps)
                    != StoreRunner(middleware: program.middleware).run(steps)
            }
            let small = StoreProgram(middleware: program.middleware, steps: shrunk)
            Issue.record("""
                Seed \(seed) (rerun with REFLOW_MODEL_SEED=\(seed) REFLOW_MODEL_PROGRAMS=1):
                store and model differ. Shrunk program:
                \(small)
                model: \(StoreModel(middleware: small.middleware).run(small.steps))
                store: \(StoreRunner(middleware: small.middleware).run(small.steps))
                """)
            return
        }
        #expect(checked == count)
    }
}
