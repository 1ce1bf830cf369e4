import Foundation
import Testing

/// Counter as a person runs it, in a real pseudo-terminal.
@Suite(.serialized) struct CounterTerminalTests {
    /// A directory of its own for each run's persisted count.
    func freshDirectory() -> [String: String] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("CounterTest-\(UUID().uuidString)")
        return ["REFLOW_COUNTER_DIR": directory.path]
    }

    @Test func plusAndMinus_changeTheCountAfterTheDelay_qRestoresTheTerminal() async throws {
        let terminal = try PseudoTerminal(executable: "Counter", arguments: ["--delay", "50"],
                                          environment: freshDirectory())
        #expect(await terminal.waitFor("+ increase · - decrease · q quit"))
        #expect(terminal.currentModes.isRaw)
        var mark = terminal.mark
        terminal.send("+")
        #expect(await terminal.waitFor("loading…", after: mark))
        #expect(await terminal.waitFor("⚠ increased!", after: mark))
        #expect(await terminal.waitFor("[ - ]   1", after: mark))
        mark = terminal.mark
        terminal.send("--")
        #expect(await terminal.waitFor("[ - ]   -1", after: mark))
        #expect(await terminal.waitFor("⚠ decreased!", after: mark))
        terminal.send("q")
        let exit = await terminal.waitForExit()
        #expect(exit.reason == .exit && exit.status == 0)
        #expect(await terminal.waitFor("\u{1B}[?1049l", after: mark))
        #expect(terminal.currentModes.modeFlags == terminal.initialModes.modeFlags)
    }

    @Test func ctrlC_endsIt_andRestoresTheTerminal() async throws {
        let terminal = try PseudoTerminal(executable: "Counter", environment: freshDirectory())
        #expect(await terminal.waitFor("q quit"))
        terminal.send("\u{03}")
        let exit = await terminal.waitForExit()
        #expect(exit.reason == .exit && exit.status == 0)
        #expect(terminal.currentModes.modeFlags == terminal.initialModes.modeFlags)
    }

    @Test func withStandardInputClosed_itShowsAShortDemo_andExitsZero() async throws {
        let run = try await ExampleProcess.run("Counter", arguments: ["--delay", "20"], environment: freshDirectory())
        #expect(run.status == 0)
        #expect(run.output.contains("[ - ]   2"))
        #expect(run.output.contains("⚠ decreased!"))
        #expect(run.output.contains("→ CounterReactor.Mutation.setAlertMessage(\"decreased!\")"))
    }

    @Test func theCount_isKeptBetweenRuns() async throws {
        let directory = freshDirectory()
        let first = try await ExampleProcess.run("Counter", arguments: ["--delay", "20"], input: "type +++\nwait\n",
                                                 environment: directory)
        #expect(first.output.contains("[ - ]   3"))
        let second = try await ExampleProcess.run("Counter", arguments: ["--delay", "20"], input: "frame\n",
                                                  environment: directory)
        #expect(second.status == 0)
        #expect(second.output.contains("[ - ]   3"), "the second run starts where the first ended:\n\(second.output)")
        let saved = try String(contentsOfFile: directory["REFLOW_COUNTER_DIR"]! + "/count.json", encoding: .utf8)
        #expect(saved.contains("3"))
    }
}
