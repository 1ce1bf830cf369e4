import Foundation
import Testing

/// Counter as a person runs it, in a real pseudo-terminal.
// A class: each test gets an instance, whose deinit removes the directories it made.
@Suite(.serialized) final class CounterTerminalTests {
    private var directories: [URL] = []

    deinit {
        for directory in directories { try? FileManager.default.removeItem(at: directory) }
    }

    /// A directory of its own for each run's persisted count, removed after the test.
    func freshDirectory() -> [String: String] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("CounterTest-\(UUID().uuidString)")
        directories.append(directory)
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

    /// Bug: with an unusable state directory the demo said nothing (its last write fails
    /// as it ends, after the last frame).
    @Test func anUnusableStateDirectory_isSaidOnStandardError() async throws {
        let blocker = FileManager.default.temporaryDirectory.appendingPathComponent("ReflowCounterBlocker-\(UUID().uuidString)")
        try Data("a file, not a directory".utf8).write(to: blocker)
        defer { try? FileManager.default.removeItem(at: blocker) }
        let run = try await ExampleProcess.run("Counter", arguments: ["--delay", "20", "--state-dir", blocker.path + "/inside"])
        #expect(run.status == 0)
        #expect(run.errors.contains("note: Saving count.json failed"), "standard error was:\n\(run.errors)")
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

/// Counter never loses the count, or a problem with it, silently.
@Suite(.serialized) struct CounterPersistenceErrorTests {
    private func directory(with countFile: String?) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("CounterState-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        if let countFile {
            try countFile.write(to: directory.appendingPathComponent("count.json"), atomically: true, encoding: .utf8)
        }
        return directory
    }

    @Test func aTruncatedCountFile_isShownOnTheScreen_andKeptAside() async throws {
        let directory = try directory(with: "{\"reflowState\":1,\"vers")
        defer { try? FileManager.default.removeItem(at: directory) }
        let terminal = try PseudoTerminal(executable: "Counter", arguments: ["--state-dir", directory.path])
        #expect(await terminal.waitFor("count.json could not be read"))
        #expect(await terminal.waitFor("count.json.unreadable-"))
        terminal.send("q")
        _ = await terminal.waitForExit()
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        let aside = try #require(names.first { $0.hasPrefix("count.json.unreadable-") })
        #expect(try String(contentsOf: directory.appendingPathComponent(aside), encoding: .utf8) == "{\"reflowState\":1,\"vers")
    }

    @Test func aFileFromANewerVersion_isShown_andNeverOverwritten() async throws {
        let newer = "{\"reflowState\":1,\"version\":99}\n{\"future\":true}"
        let directory = try directory(with: newer)
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try await ExampleProcess.run("Counter", arguments: ["--delay", "20", "--state-dir", directory.path],
                                               input: "type +\nwait\nframe\n")
        #expect(run.status == 0)
        #expect(run.output.contains("newer than 1"))
        #expect(run.output.contains("overwritten this session"))
        #expect(try String(contentsOf: directory.appendingPathComponent("count.json"), encoding: .utf8) == newer)
    }

    @Test func stateDir_keepsTheCountThere() async throws {
        let directory = try directory(with: nil)
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try await ExampleProcess.run("Counter", arguments: ["--delay", "20", "--state-dir", directory.path],
                                               input: "type ++\nwait\n")
        #expect(run.status == 0)
        let saved = try String(contentsOf: directory.appendingPathComponent("count.json"), encoding: .utf8)
        #expect(saved.hasSuffix("2") || saved.contains("\n2"))
    }

    @Test func theDemo_leavesTheDefaultCountAlone_andRemovesItsOwnDirectory() async throws {
        let temporary = try directory(with: nil)
        defer { try? FileManager.default.removeItem(at: temporary) }
        let kept = temporary.appendingPathComponent("ReflowCounterExample")
        try FileManager.default.createDirectory(at: kept, withIntermediateDirectories: true)
        let before = "{\"reflowState\":1,\"version\":1}\n7"
        try before.write(to: kept.appendingPathComponent("count.json"), atomically: true, encoding: .utf8)
        let run = try await ExampleProcess.run("Counter", arguments: ["--delay", "20"],
                                               environment: ["TMPDIR": temporary.path + "/", "REFLOW_COUNTER_DIR": ""])
        #expect(run.status == 0)
        #expect(try String(contentsOf: kept.appendingPathComponent("count.json"), encoding: .utf8) == before)
        // The demo kept its count in a directory of its own, and removed it when it ended.
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == ["ReflowCounterExample"])
    }
}
