import Foundation

/// Runs a built example with pipes (not a terminal) and returns what it printed.
struct ExampleProcess {
    var status: Int32
    var output: String
    var errors: String

    static func run(_ name: String, arguments: [String] = [], input: String? = nil,
                    environment: [String: String] = [:]) async throws -> ExampleProcess {
        guard let executable = PseudoTerminal.builtProduct(name) else {
            throw PseudoTerminalError("\(name) is built with the tests (swift build --build-tests)")
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        if let input {
            let pipe = Pipe()
            process.standardInput = pipe
            try process.run()
            pipe.fileHandleForWriting.write(Data(input.utf8))
            try pipe.fileHandleForWriting.close()
        } else {
            process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
            try process.run()
        }
        // An example that hangs is killed after two minutes: the test fails on its status
        // instead of stalling the suite.
        DispatchQueue.global().asyncAfter(deadline: .now() + 120) { [process] in
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        return await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                let printed = output.fileHandleForReading.readDataToEndOfFile()
                let complained = errors.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                continuation.resume(returning: ExampleProcess(
                    status: process.terminationStatus,
                    output: String(decoding: printed, as: UTF8.self),
                    errors: String(decoding: complained, as: UTF8.self)))
            }
        }
    }
}
