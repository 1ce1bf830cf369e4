import Foundation
import Testing
@testable import Reflow

/// In a test run, persistence in the app's own directories goes to a stand-in under the
/// temporary directory: a test that makes screens never touches the app's real files.
@MainActor
@Suite struct TestRunDirectoryTests {
    private struct Prefs: Codable, Equatable, Sendable { var theme = "light" }
    private struct PrefsState: Equatable { var prefs = Prefs() }
    private struct SetTheme: Action { var theme: String }

    @Test func thisProcessIsATestRun() {
        #expect(TestRunDirectory.isTestRun)
    }

    @Test func anAppDirectory_isReplaced_andTheRealOneIsNeverWritten() async throws {
        let support = try #require(FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first)
        let real = support.appendingPathComponent("ReflowTestRunDirectoryTests-\(UUID().uuidString)")
        let persistence = StatePersistence<PrefsState>(directory: real, slices: [PersistedSlice(\.prefs, file: "prefs.json")])
        #expect(persistence.directory != real)
        #expect(persistence.directory.path.hasPrefix(FileManager.default.temporaryDirectory.standardizedFileURL.path)
                || persistence.directory.path.hasPrefix(FileManager.default.temporaryDirectory.path))
        #expect(persistence.directory.path.hasSuffix(real.standardizedFileURL.path))
        defer { try? FileManager.default.removeItem(at: persistence.directory) }

        let store = Store(reducer: .on(SetTheme.self) { state, action in state.prefs.theme = action.theme },
                          state: persistence.restored(PrefsState()))
        persistence.attach(to: store)
        store.dispatch(SetTheme(theme: "dark"))
        await persistence.flush()
        #expect(FileManager.default.fileExists(atPath: persistence.directory.appendingPathComponent("prefs.json").path))
        #expect(!FileManager.default.fileExists(atPath: real.path))
        // Restoring reads the stand-in back.
        let again = StatePersistence<PrefsState>(directory: real, slices: [PersistedSlice(\.prefs, file: "prefs.json")])
        #expect(again.restored(PrefsState()).prefs.theme == "dark")
    }

    @Test func aTemporaryDirectory_isUsedAsGiven() {
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("reflow-\(UUID().uuidString)")
        #expect(TestRunDirectory.resolve(temporary) == temporary)
    }

    @Test func outsideATestRun_everyDirectoryIsUsedAsGiven() throws {
        let support = try #require(FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first)
        let real = support.appendingPathComponent("App")
        #expect(TestRunDirectory.resolve(real, isTestRun: false) == real)
    }
}
