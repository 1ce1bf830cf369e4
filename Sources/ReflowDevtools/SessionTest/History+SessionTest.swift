import Reflow
import ReflowCore

extension History {
    /// A Swift Testing file that replays this recorded session through `TestStore`, with
    /// the app's own reducers, and checks the state change each recorded action made.
    ///
    /// ```swift
    /// let source = try history.testSource(SessionTestSetup(
    ///     module: "TodoKit", reducer: "todoReducer", state: TodoState(), writtenAs: "TodoState()"))
    /// try source.write(toFile: "Tests/TodoKitTests/RecordedSessionTests.swift", atomically: true, encoding: .utf8)
    /// ```
    ///
    /// It reads as a hand-written test: one `send` per recorded action, with the fields the
    /// action changed assigned in its closure; a hosted reactor's mutations replayed with
    /// `send(_:from:)`, past its `mutate`. Middleware and effects do not run in it: the
    /// actions effects dispatched were recorded too, and are sent in their turn, so the test
    /// needs neither the network nor a clock. It passes while the reducers still do what
    /// they did in the session, and fails at the first step that changed, with the diff.
    /// A session with a gap (``History/Entry/gap``: a paused recording, or an action
    /// after time travel) is refused, since no line of sends reaches the state after it.
    ///
    /// Actions and state are written with `Mirror`: structs through their memberwise
    /// initializers, enums as their cases, collections as literals.
    ///
    /// - Parameter setup: The module under test, and the app's reducer, starting state and
    ///   hosted reactors as source.
    /// - Returns: The test file's source.
    /// - Throws: ``SessionTestError`` naming the entry and the value that cannot be written
    ///   as source (a class instance, a `private` or local type), a gap, or a reactor whose
    ///   mutations were recorded but that `setup` does not host.
    /// - Complexity: O(*n*) in the size of the recorded states.
    public func testSource(_ setup: SessionTestSetup<State>) throws(SessionTestError) -> String {
        guard let initialState else {
            throw SessionTestError("Nothing was recorded: attach the history to the app's store first.")
        }
        var writer = StateAssignments(literal: SwiftLiteral(testedModule: setup.module))
        var body: [String] = []
        try writer.assign(from: setup.state, to: initialState, at: "state")
        let start = writer.takeStatements()
        if start.isEmpty {
            body.append("let store = TestStore(reducer: \(setup.reducer), state: \(setup.stateSource))")
        } else {
            body.append("var state = \(setup.stateSource)")
            body += start
            body.append("let store = TestStore(reducer: \(setup.reducer), state: state)")
        }
        body += setup.hosting.map { "store.host(\($0.reactor), at: \($0.slice))" }
        for (offset, entry) in entries.enumerated() {
            do {
                body.append("")
                body += try steps(for: entry, setup: setup, writer: &writer)
            } catch {
                var located = error
                located.entry = offset + 1
                throw located
            }
        }
        body += ["", "await store.finish()"]
        return Self.file(body: body, setup: setup, count: entries.count, imports: writer.modules)
    }

    private func steps(for entry: Entry, setup: SessionTestSetup<State>,
                       writer: inout StateAssignments) throws(SessionTestError) -> [String] {
        switch entry.gap {
        case nil: break
        case .recordingPaused?:
            throw SessionTestError("Recording was paused before this action, so the state it was reduced from is not in the session and a test cannot reach it. Record without pausing, or clear the history after resuming.")
        case .imported?:
            throw SessionTestError("This action was dispatched from the app's own state after an import, which the imported entries do not record; a test replays one line of actions. Jump to an imported entry before dispatching, or clear the history after importing.")
        case .timeTravel(let step)?:
            throw SessionTestError("This action was dispatched after time travel to step \(step); a test replays one line of actions. Clear the history after jumping, or write the test before travelling.")
        }
        if entry.isSkipped {
            // Turned off in the inspector: the states after it were computed without it.
            return ["// Skipped: " + Self.oneLine(entry.action)]
        }
        try writer.assign(from: entry.stateBefore, to: entry.state, at: "$0")
        let assignments = writer.takeStatements()
        let call: String
        if let hosted = entry.action as? any HostedMutation {
            let reactor = try writer.typeName(hosted.reactorType)
            let shortName = String(reactor.split(separator: ".").last ?? "")
            guard setup.hosting.contains(where: { $0.reactor.contains(shortName) }) else {
                throw SessionTestError("\(reactor)'s mutations were recorded, but the setup hosts no \(reactor); add a HostedReactorSource for it.")
            }
            call = "await store.send(\(try writer.write(hosted.mutationValue)), from: \(reactor).self)"
        } else if entry.action is any RoutedReactorAction {
            // Its mutations were recorded after it and are replayed in their turn; sent again,
            // it would run the reactor's mutate a second time.
            guard assignments.isEmpty else {
                throw SessionTestError("\(Self.oneLine(entry.action)) changed the store's state itself (a store reducer handles it); a test replays its reactor's recorded mutations and cannot send it without running the reactor's mutate again. Handle it in the reactor instead.")
            }
            return ["// " + Self.oneLine(entry.action) + ": the mutations it made follow."]
        } else {
            call = "await store.send(\(try writer.write(entry.action, typed: true)))"
        }
        switch assignments.count {
        case 0: return [call]
        case 1 where call.count + assignments[0].count < 100 && !(call + assignments[0]).contains("\n"):
            return ["\(call) { \(assignments[0]) }"]
        default: return ["\(call) {"] + assignments.map(SwiftLiteral.indented) + ["}"]
        }
    }

    /// How `action` prints, on one line: it goes in a comment.
    private static func oneLine(_ action: any Action) -> String {
        String(describing: action).split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    private static func file(body: [String], setup: SessionTestSetup<State>, count: Int, imports: Set<String>) -> String {
        let others = imports.subtracting(["Testing", "Reflow", "ReflowTesting", setup.module]).sorted()
        var lines = [
            "// Written by Reflow from a recorded session of \(count) action\(count == 1 ? "" : "s").",
            "//",
            "// Each recorded action is sent to the app's reducers in order, and the state change it",
            "// made is checked. Middleware and effects do not run: the actions effects dispatched were",
            "// recorded too, and are sent in their turn. A reactor's mutations are replayed with",
            "// send(_:from:), past its mutate.",
            "",
            "import Testing",
            "import Reflow",
            "import ReflowTesting",
        ]
        lines += others.map { "import \($0)" }
        lines += ["@testable import \(setup.module)", "", "@MainActor", "@Test func \(setup.testName)() async {"]
        lines += body.map(SwiftLiteral.indented)
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }
}
