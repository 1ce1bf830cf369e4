import Testing
import Reflow

/// Random connection programs against ``ConnectionModel``; every live binding must also
/// end on the current props. A failure prints the seed and a shrunk program.
@MainActor
@Suite struct ConnectionModelTests {
    @Test func randomPrograms_matchTheModel() async {
        // A store-backed program runs twice: mapping the state, and declaring a slice.
        func fails(_ program: ConnectionProgram) -> Bool {
            let expected = ConnectionModel(hasStore: program.hasStore).run(program.steps)
            for declaresSlice in program.hasStore ? [false, true] : [false] {
                let runner = ConnectionRunner(hasStore: program.hasStore, declaresSlice: declaresSlice)
                if runner.run(program.steps) != expected || !runner.bindingsEndOnCurrentProps { return true }
            }
            return false
        }
        await checkRandomPrograms(
            "connection", count: 6_000,
            generate: { ConnectionProgram.random(using: &$0) },
            fails: fails,
            shrink: { program in
                ConnectionProgram(hasStore: program.hasStore, steps: shrink(program.steps, simplify: ConnectionProgram.simplify) {
                    fails(ConnectionProgram(hasStore: program.hasStore, steps: $0))
                })
            },
            describe: { program in
                """
                \(program)
                model:      \(ConnectionModel(hasStore: program.hasStore).run(program.steps))
                connection: \(ConnectionRunner(hasStore: program.hasStore).run(program.steps))
                with slice: \(program.hasStore ? "\(ConnectionRunner(hasStore: true, declaresSlice: true).run(program.steps))" : "-")
                """
            }
        )
    }
}
