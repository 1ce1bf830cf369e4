import Testing
import Reflow

/// Random programs of dispatches, subscriptions of every kind, cancellations, releases,
/// batches, middleware that drops, rewrites and dispatches, a tracing history attached and
/// detached, and subscribers that dispatch, subscribe, cancel and batch during a
/// notification, run against a real
/// `Store` and against ``StoreModel``. A failure prints the seed and a shrunk program.
@MainActor
@Suite struct StoreModelTests {
    @Test func randomPrograms_matchTheModel() async {
        func fails(_ program: StoreProgram) -> Bool {
            StoreModel(middleware: program.middleware).run(program.steps)
                != StoreRunner(middleware: program.middleware).run(program.steps)
        }
        await checkRandomPrograms(
            "store", count: 8_000,
            generate: { StoreProgram.random(using: &$0) },
            fails: fails,
            shrink: { program in
                StoreProgram(middleware: program.middleware, steps: shrink(program.steps, simplify: StoreProgram.simplify) {
                    fails(StoreProgram(middleware: program.middleware, steps: $0))
                })
            },
            describe: { program in
                """
                \(program)
                model: \(StoreModel(middleware: program.middleware).run(program.steps))
                store: \(StoreRunner(middleware: program.middleware).run(program.steps))
                """
            }
        )
    }
}
