import Foundation
import Testing

/// Every example refuses what it does not understand: an unknown option, a stray word or an
/// option without its value stops it with a message and its usage, and a non-zero status,
/// instead of running the demo as if nothing was wrong.
@Suite struct CommandLineTests {
    static let examples = ["GitHubSearch", "Counter", "Login", "SimpleTextField", "SteppingUp", "TableAndCollection"]

    @Test(arguments: examples)
    func unknownOption_stopsWithTheUsage_andStatus2(example: String) async throws {
        let run = try await ExampleProcess.run(example, arguments: ["--bogus"])
        #expect(run.status == 2)
        #expect(run.errors.contains("error: unknown option --bogus"))
        #expect(run.errors.contains("usage: \(example)"))
        #expect(run.output.isEmpty, "the demo must not run: \(run.output.prefix(200))")
    }

    @Test(arguments: examples)
    func strayArgument_andOptionWithoutValue_stop(example: String) async throws {
        let stray = try await ExampleProcess.run(example, arguments: ["extra"])
        #expect(stray.status == 2 && stray.errors.contains("error: unexpected argument extra"))
        let noValue = try await ExampleProcess.run(example, arguments: ["--script"])
        #expect(noValue.status == 2 && noValue.errors.contains("error: --script needs a value"))
    }

    @Test(arguments: examples)
    func help_printsTheUsage_andExits0(example: String) async throws {
        let run = try await ExampleProcess.run(example, arguments: ["--help"])
        #expect(run.status == 0)
        #expect(run.output.hasPrefix("usage: \(example)"))
    }

    @Test func badValue_saysWhatToWrite() async throws {
        let run = try await ExampleProcess.run("Counter", arguments: ["--delay", "soon"])
        #expect(run.status == 2)
        #expect(run.errors.contains("--delay takes a number of milliseconds, not soon"))
    }

    @Test(arguments: ["GitHubSearch", "Counter"])
    func inspectWithoutAPort_saysWhatToWrite(example: String) async throws {
        let run = try await ExampleProcess.run(example, arguments: ["--inspect", "http"])
        #expect(run.status == 2)
        #expect(run.errors.contains("--inspect takes a port number from 0 to 65535 (0: any free port), not http"))
        #expect(run.output.isEmpty)
    }

    /// A port another program listens on: the example says so and stops, rather than
    /// running without the inspector it was asked for.
    @Test(arguments: ["GitHubSearch", "Counter"])
    func inspectOnAPortInUse_stopsWithTheReason(example: String) async throws {
        try await LoopbackHTTPServer.withListeningPort { port in
            let run = try await ExampleProcess.run(example, arguments: ["--inspect", String(port)])
            #expect(run.status == 1)
            #expect(run.errors.contains("error: --inspect \(port): Port \(port) is in use"), "\(run.errors)")
        }
    }

    @Test(arguments: ["GitHubSearch", "Counter"])
    func recordingToADirectoryThatDoesNotExist_stopsBeforeTheSession_namingTheFile(example: String) async throws {
        let run = try await ExampleProcess.run(example, arguments: ["--record", "/nonexistent/dir/x.html"])
        #expect(run.status == 2)
        #expect(run.errors.contains("error: cannot record to /nonexistent/dir/x.html: the directory /nonexistent/dir does not exist"))
        #expect(run.output.isEmpty)
    }

    @Test(arguments: ["GitHubSearch", "Counter"])
    func recording_writesThePage_andSaysWhere(example: String) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reflow-record-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = directory.appendingPathComponent("session.html")
        let run = try await ExampleProcess.run(example, arguments: ["--record", page.path],
                                               environment: ["REFLOW_COUNTER_DIR": directory.path])
        #expect(run.status == 0)
        #expect(run.output.contains("actions to \(page.path); open it in a browser."))
        #expect(FileManager.default.fileExists(atPath: page.path))
    }
}
