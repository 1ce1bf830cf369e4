import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An example app running in a real pseudo-terminal: the test writes keys to the master side
/// and reads everything the app draws, as a terminal emulator would.
final class PseudoTerminal: @unchecked Sendable {
    let process = Process()
    private let master: Int32
    private let slave: Int32
    /// The terminal's modes before the app started, to compare with after it ends.
    let initialModes: termios
    private let lock = NSLock()
    private var transcript: [UInt8] = []
    private var waiters: [(String, Int, CheckedContinuation<Bool, Never>)] = []
    private var ended = false

    /// Starts `executable` (built next to the tests) with its standard streams on a new
    /// 80×24 pseudo-terminal.
    init(executable name: String, arguments: [String] = [], environment: [String: String] = [:]) throws {
        var master: Int32 = 0
        var slave: Int32 = 0
        var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else { throw PseudoTerminalError("openpty: errno \(errno)") }
        self.master = master
        self.slave = slave
        var modes = termios()
        tcgetattr(slave, &modes)
        initialModes = modes
        guard let executable = Self.builtProduct(name) else {
            throw PseudoTerminalError("\(name) is built with the tests (swift build --build-tests)")
        }
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
        process.standardInput = terminal
        process.standardOutput = terminal
        process.standardError = terminal
        try process.run()
        let reader = Thread { [self] in readLoop() }
        reader.start()
    }

    deinit {
        if process.isRunning { process.terminate() }
        close(master)
        close(slave)
    }

    static func builtProduct(_ name: String) -> URL? {
        BuiltProducts.executable(named: name)
    }

    /// Everything the app wrote, escape sequences included.
    var output: String { lock.withLock { String(decoding: transcript, as: UTF8.self) } }

    /// How many bytes the app has written so far: a mark to search after.
    var mark: Int { lock.withLock { transcript.count } }

    /// Types `text` as the user would.
    func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// The terminal's modes now, as the app left them or set them.
    var currentModes: termios {
        var modes = termios()
        tcgetattr(slave, &modes)
        return modes
    }

    /// Waits until the app has written `text` after byte `mark`; `false` if it did not
    /// within `timeout` or ended first. Woken by the reader, not by polling.
    func waitFor(_ text: String, after mark: Int = 0, timeout: Duration = .seconds(20)) async -> Bool {
        let found: Bool = await withCheckedContinuation { continuation in
            lock.withLock {
                if contains(text, after: mark) {
                    continuation.resume(returning: true)
                } else if ended {
                    continuation.resume(returning: false)
                } else {
                    waiters.append((text, mark, continuation))
                }
            }
            let seconds = Double(timeout.components.seconds)
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [weak self] in self?.expire(text, mark) }
        }
        return found
    }

    /// Waits for the process to end and returns how it ended. One that has not ended after
    /// 30 s is killed (SIGKILL), so the test fails on its status instead of hanging the suite.
    func waitForExit() async -> (reason: Process.TerminationReason, status: Int32) {
        DispatchQueue.global().asyncAfter(deadline: .now() + 30) { [process] in
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        return await withCheckedContinuation { continuation in
            DispatchQueue.global().async { [process] in
                process.waitUntilExit()
                continuation.resume(returning: (process.terminationReason, process.terminationStatus))
            }
        }
    }

    private func contains(_ text: String, after mark: Int) -> Bool {
        let tail = transcript[min(mark, transcript.count)...]
        return String(decoding: tail, as: UTF8.self).contains(text)
    }

    private func expire(_ text: String, _ mark: Int) {
        lock.withLock {
            guard let index = waiters.firstIndex(where: { $0.0 == text && $0.1 == mark }) else { return }
            waiters.remove(at: index).2.resume(returning: false)
        }
    }

    private func readLoop() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(master, &buffer, buffer.count)
            lock.withLock {
                if count > 0 { transcript += buffer[..<count] } else { ended = true }
                waiters.removeAll { text, mark, continuation in
                    if contains(text, after: mark) {
                        continuation.resume(returning: true)
                        return true
                    }
                    if ended { continuation.resume(returning: false) }
                    return ended
                }
            }
            if count <= 0 { return }
        }
    }
}

struct PseudoTerminalError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

extension termios {
    /// The flags an app changes for raw mode, to compare before and after.
    var modeFlags: [UInt] { [UInt(c_iflag), UInt(c_oflag), UInt(c_cflag), UInt(c_lflag)] }
    var isRaw: Bool { c_lflag & tcflag_t(ICANON | ECHO) == 0 }
}
