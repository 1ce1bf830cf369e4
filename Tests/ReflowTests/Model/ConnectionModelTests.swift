import Testing
import Reflow

/// Random connection programs against ``ConnectionModel``; every live binding must also
/// end on the current props. A failure prints the seed and a shrunk program.
@MainActor
@Suite struct ConnectionModelTests {
    @Test func randomPrograms_matchTheModel() {
        let count = modelProgramCount(default: 3_000)
        let first = modelFirstSeed()
        func differs(_ program: ConnectionProgram) -> Bool {
            let runner = ConnectionRunner(hasStore: program.hasStore)
            let actual = runner.run(program.steps)
            return actual != ConnectionModel(hasStore: program.hasStore).run(program.steps) || !runner.bindingsEndOnCurrentProps
        }
        for seed in first..<(first + UInt64(count)) {
            var random = SeededRandom(seed: seed)
            let program = ConnectionProgram.random(using: &random)
            guard differs(program) else { continue }
            let shrunk = shrink(program.steps, simplify: ConnectionProgram.simplify) { steps in
                differs(ConnectionProgram(hasStore: program.hasStore, steps: steps))
            }
            let small = ConnectionProgram(hasStore: program.hasStore, steps: shrunk)
            Issue.record("""
                Seed \(seed) (rerun with REFLOW_MODEL_SEED=\(seed) REFLOW_MODEL_PROGRAMS=1):
                connection and model differ. Shrunk program:
                \(small)
                model:      \(ConnectionModel(hasStore: small.hasStore).run(small.steps))
                connection: \(ConnectionRunner(hasStore: small.hasStore).run(small.steps))
                """)
            return
        }
    }
}
