#if os(macOS) || os(Linux)  // starts processes: Foundation has no Process on iOS, tvOS, watchOS, visionOS
import Foundation
import TestSupport
import Testing
import Reflow

/// A process that saves in a loop, killed with SIGKILL at random moments, always leaves a
/// file that decodes to one of the states it wrote. Off the main actor (it
/// blocks its thread while it waits for the helper); it restores on the main actor.
@Suite struct PersistenceKillTests {
    private struct Ledger: Codable, Equatable, Sendable {
        var round: Int
        var entries: [Int]
    }

    private struct HelperState {
        var ledger = Ledger(round: 0, entries: [])
    }

    /// The helper executable, built next to the test bundle.
    private static var helper: URL? { BuiltProducts.executable(named: "PersistenceKillHelper") }

    @Test func killedWhileSaving_alwaysLeavesOneCompleteState() async throws {
        let helper = try #require(Self.helper, "PersistenceKillHelper is built with the tests (swift build --build-tests)")
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var random = SeededRandom(seed: 50)
        var rounds: [Int] = []
        var killsMidWrite = 0
        // At least 50 kills, and on until 10 of them landed in the middle of a write (a
        // temporary file was left), so the test cannot pass without testing that case.
        var attempt = 0
        while attempt < 50 || (killsMidWrite < 10 && attempt < 400) {
            attempt += 1
            let process = Process()
            process.executableURL = helper
            process.arguments = [directory.path]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            // Wait for the helper to have restored and started saving, then let it run.
            let ready = output.fileHandleForReading.availableData
            #expect(String(decoding: ready, as: UTF8.self).hasPrefix("ready"), "kill \(attempt)")
            // Every other kill waits for a write to be under way (its temporary file exists)
            // after one that completed, so writes in progress are hit however slowly a loaded
            // machine runs the helper; the rest land at random moments.
            if attempt.isMultiple(of: 2) {
                waitForSecondWrite(in: directory)
            } else {
                usleep(UInt32.random(in: 1_000...40_000, using: &random))
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal, "kill \(attempt)")

            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            if names.contains(where: { $0.hasSuffix(".tmp") }) { killsMidWrite += 1 }

            let (ledger, errors) = await MainActor.run {
                var errors: [PersistenceError] = []
                let restored = StatePersistence<HelperState>(
                    directory: directory, slices: [PersistedSlice(\.ledger, file: "ledger.json")],
                    onError: { errors.append($0) }
                ).restored(HelperState())
                return (restored.ledger, errors.map(\.message))
            }
            #expect(errors.isEmpty, "kill \(attempt): \(errors)")
            #expect(ledger.entries.allSatisfy { $0 == ledger.round }, "kill \(attempt): a torn ledger")
            #expect(ledger.round == 0 || ledger.entries.count == 20_000, "kill \(attempt): a torn ledger")
            rounds.append(ledger.round)
        }
        // Restoring removed the temporary files of interrupted writes.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".tmp") }.isEmpty)
        // Kills must have hit writes in progress, or the test proved nothing.
        #expect(killsMidWrite >= 10)
        print("PersistenceKillTests: \(attempt) kills, \(killsMidWrite) during a write, last round \(rounds.last ?? 0)")
        // The helper restores and goes on, so saved rounds never go back.
        #expect(rounds == rounds.sorted())
        #expect(rounds.last ?? 0 > 0, "the helper never got to save")
    }

    /// Returns once a second write has begun in `directory` (a temporary file of another
    /// name than the first one seen), so the write before it completed: each such kill hits
    /// a write in progress and still lets the saved rounds advance. Gives up after 4,000
    /// looks 0.5 ms apart.
    private func waitForSecondWrite(in directory: URL) {
        var first: String?
        for _ in 0..<4_000 {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            if let temporary = names.first(where: { $0.hasSuffix(".tmp") }) {
                if first == nil { first = temporary } else if temporary != first { return }
            }
            usleep(500)
        }
    }
}
#endif
