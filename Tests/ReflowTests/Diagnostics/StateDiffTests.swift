import Testing
import Reflow

@MainActor
@Suite struct StateDiffTests {
    @Test func oneFieldOfALargeNestedState_printsOnlyThatPath() {
        var old = Big()
        old.rows = (0..<1_000).map { Row(id: $0, title: "row \($0)") }
        var new = old
        new.rows[500].title = "changed"
        #expect(StateDiff.lines(from: old, to: new) == [#"− .rows[500].title: "row 500""#, #"+ .rows[500].title: "changed""#])
    }

    @Test func optionals_dictionaries_enumsWithPayloads_andArrayLengths() {
        let old = Mixed(name: nil, scores: ["a": 1, "b": 2], phase: .loading(progress: 1), tags: ["x"])
        let new = Mixed(name: "n", scores: ["a": 1, "c": 3], phase: .loading(progress: 2), tags: ["x", "y"])
        #expect(StateDiff.lines(from: old, to: new) == [
            "− .name: nil", #"+ .name: "n""#,
            "− .scores[\"b\"]: 2", "+ .scores[\"c\"]: 3",
            "− .phase.loading.progress: 1", "+ .phase.loading.progress: 2",
            #"+ .tags[1]: "y""#,
        ])
    }

    @Test func enumCaseChange_printsWholeValues() {
        let lines = StateDiff.lines(from: Phase.idle, to: Phase.loading(progress: 1))
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("− ") && lines[0].contains("idle"))
        #expect(lines[1].hasPrefix("+ ") && lines[1].contains("loading"))
    }

    @Test func equalValues_haveNoDiff() {
        #expect(StateDiff.render(from: Big(), to: Big()) == nil)
    }

    /// Bug: a log showed a `@Pulse`'s internals (`.alert.valueUpdatedCount: 0 → 1`).
    @Test func aPulse_showsAsItsValue_andAnEqualAssignmentAsAssignedAgain() {
        var old = Alerting()
        var new = old
        new.alert = "saved"
        #expect(StateDiff.lines(from: old, to: new) == ["− .alert: nil", "+ .alert: \"saved\""])
        old = new
        new.alert = "saved"
        #expect(StateDiff.lines(from: old, to: new) == ["± .alert: \"saved\" (assigned again)"])
        #expect(StateDiff.lines(from: new, to: new).isEmpty)
    }

    @Test func loggingMiddleware_logsActionAndChange() {
        var entries: [String] = []
        let store = Store(reducer: Reducer<Big>.on(Rename.self) { state, action in state.name = action.name },
                          state: Big(), middleware: [.logging(name: "app") { entries.append($0) }])
        store.dispatch(Rename(name: "b"))
        store.dispatch(Rename(name: "b"))
        #expect(entries == ["[app] → Rename(name: \"b\")\n  − .name: \"a\"\n  + .name: \"b\"",
                            "[app] → Rename(name: \"b\")\n  (no change)"])
    }
}

// MARK: - Fixtures

private struct Row { var id: Int; var title: String }
private struct Big { var name = "a"; var rows: [Row] = [] }
private enum Phase { case idle, loading(progress: Int) }
private struct Mixed { var name: String?; var scores: [String: Int]; var phase: Phase; var tags: [String] }
private struct Rename: Action { var name: String }
private struct Alerting { @Pulse var alert: String? }
