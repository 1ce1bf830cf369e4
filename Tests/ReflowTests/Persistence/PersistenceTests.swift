import Foundation
import Testing
import ReflowTesting
@testable import Reflow
@testable import ReflowCore

@MainActor
@Suite final class PersistenceTests {
    /// The directories this test made; removed when it ends (a suite instance per test).
    private var directories: [URL] = []

    deinit {
        for directory in directories { try? FileManager.default.removeItem(at: directory) }
    }

    private func makeTemporaryDirectory() -> URL {
        let directory = ReflowTests.makeTemporaryDirectory()
        directories.append(directory)
        return directory
    }

    private let settingsSlice = PersistedSlice(\PersistedAppState.settings, file: "settings.json")
    private let draftsSlice = PersistedSlice(\PersistedAppState.drafts, file: "drafts.json")

    private func persistence(_ directory: URL, _ log: ErrorLog = ErrorLog(),
                             slices: [PersistedSlice<PersistedAppState>]? = nil,
                             clock: TestClock = TestClock()) -> StatePersistence<PersistedAppState> {
        StatePersistence(directory: directory, slices: slices ?? [settingsSlice, draftsSlice],
                         debounce: .milliseconds(300), clock: clock, onError: { log.errors.append($0) })
    }

    @Test func roundTrip_restoresTheChosenSlices_only() async throws {
        let directory = makeTemporaryDirectory()
        do {
            let saving = persistence(directory)
            let store = Store(reducer: persistedReducer, state: saving.restored(PersistedAppState()))
            saving.attach(to: store)
            store.dispatch(SetTheme(theme: "dark"))
            store.dispatch(AddDraft(title: "Hello"))
            store.dispatch(BumpSession())
            await saving.flush()
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(files == ["drafts.json", "settings.json"])
        let log = ErrorLog()
        let restored = persistence(directory, log).restored(PersistedAppState())
        #expect(restored.settings.theme == "dark")
        #expect(restored.drafts == [Draft(title: "Hello", body: "")])
        #expect(restored.session == 0)             // not a persisted slice
        #expect(log.errors.isEmpty)
    }

    @Test func restoredState_isWhatTheFirstSubscriberSees() async {
        let directory = makeTemporaryDirectory()
        let saving = persistence(directory)
        let first = Store(reducer: persistedReducer, state: saving.restored(PersistedAppState()))
        saving.attach(to: first)
        first.dispatch(SetTheme(theme: "dark"))
        await saving.flush()

        let second = Store(reducer: persistedReducer, state: persistence(directory).restored(PersistedAppState()))
        var seen: [String] = []
        let subscription = second.subscribe(\.settings.theme) { seen.append($0) }
        #expect(seen == ["dark"])
        _ = subscription
    }

    @Test func rapidChanges_areCoalescedIntoOneWrite_andFlushWritesTheLastState() async {
        let directory = makeTemporaryDirectory()
        let saving = persistence(directory, slices: [settingsSlice])
        let store = Store(reducer: persistedReducer, state: saving.restored(PersistedAppState()))
        saving.attach(to: store)
        for index in 0..<100 { store.dispatch(SetTheme(theme: "theme \(index)")) }
        #expect(saving.writeCount == 0)            // nothing written on the main actor's turn
        await saving.flush()
        #expect(saving.writeCount == 1)
        #expect(persistence(directory).restored(PersistedAppState()).settings.theme == "theme 99")
    }

    @Test func debounce_writesOnceAfterTheQuietPeriod() async {
        let directory = makeTemporaryDirectory()
        let clock = TestClock()
        let saving = persistence(directory, slices: [settingsSlice], clock: clock)
        let store = Store(reducer: persistedReducer, state: saving.restored(PersistedAppState()))
        saving.attach(to: store)
        store.dispatch(SetTheme(theme: "a"))
        store.dispatch(SetTheme(theme: "b"))
        await clock.advance(by: .milliseconds(100))
        await saving.waitForWrites()
        #expect(saving.writeCount == 0)
        store.dispatch(SetTheme(theme: "c"))
        await clock.advance(by: .milliseconds(200))
        await saving.waitForWrites()
        #expect(saving.writeCount == 1)
        #expect(persistence(directory).restored(PersistedAppState()).settings.theme == "c")
    }

    @Test func unchangedSlices_areNotWritten() async throws {
        let directory = makeTemporaryDirectory()
        let saving = persistence(directory)
        let store = Store(reducer: persistedReducer, state: saving.restored(PersistedAppState()))
        saving.attach(to: store)
        store.dispatch(BumpSession())
        store.dispatch(SetTheme(theme: "dark"))
        await saving.flush()
        #expect(saving.writeCount == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["settings.json"])
    }

    // MARK: - Bad files

    private enum BadFile: String, CaseIterable {
        case corrupt, truncated, empty, wrongType

        func bytes(validFile: Data) -> Data {
            switch self {
            case .corrupt: Data("{\"reflowState\":1,\"version\":1}\n{ this is ::: not json".utf8)
            case .truncated: validFile.prefix(validFile.count - 7)
            case .empty: Data()
            case .wrongType: Data("{\"reflowState\":1,\"version\":1}\n[1, 2, 3]".utf8)
            }
        }
    }

    @Test(arguments: BadFile.allCases)
    private func badFile_isMovedAsideKeptAndReported_sliceStartsFromDefault(_ bad: BadFile) async throws {
        let directory = makeTemporaryDirectory()
        let saving = persistence(directory, slices: [settingsSlice])
        let store = Store(reducer: persistedReducer, state: saving.restored(PersistedAppState()))
        saving.attach(to: store)
        store.dispatch(SetTheme(theme: "dark"))
        await saving.flush()
        let url = directory.appendingPathComponent("settings.json")
        let original = bad.bytes(validFile: try Data(contentsOf: url))
        try original.write(to: url)

        let log = ErrorLog()
        let restored = persistence(directory, log, slices: [settingsSlice]).restored(PersistedAppState())
        #expect(restored.settings == SavedSettings(), "\(bad)")
        #expect(log.kinds == [.unreadable], "\(bad)")
        let movedTo = try #require(log.errors.first?.movedTo, "\(bad)")
        #expect(try Data(contentsOf: movedTo) == original, "\(bad): the original bytes are kept")
        #expect(movedTo.lastPathComponent.hasPrefix("settings.json.unreadable-"))
        #expect(log.errors.first?.message.contains("moved to") == true)
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }

    @Test func newerVersion_isReported_leftInPlace_andNotOverwritten() async throws {
        let directory = makeTemporaryDirectory()
        let url = directory.appendingPathComponent("settings.json")
        let newer = Data("{\"reflowState\":1,\"version\":9}\n{\"theme\":\"from the future\",\"fontSize\":1,\"extra\":true}".utf8)
        try newer.write(to: url)
        let log = ErrorLog()
        let saving = persistence(directory, log, slices: [settingsSlice])
        let store = Store(reducer: persistedReducer, state: saving.restored(PersistedAppState()))
        #expect(store.state.settings == SavedSettings())
        #expect(log.kinds == [.newerVersion])
        saving.attach(to: store)
        store.dispatch(SetTheme(theme: "dark"))
        await saving.flush()
        #expect(try Data(contentsOf: url) == newer)
        #expect(saving.writeCount == 0)
    }

    // MARK: - Migrations

    private static func renameKey(_ from: String, to: String) -> @Sendable (Data) throws -> Data {
        { data in
            var object = try JSONSerialization.jsonObject(with: data) as! [String: Any]
            object[to] = object.removeValue(forKey: from)
            return try JSONSerialization.data(withJSONObject: object)
        }
    }

    @Test func migrations_areAppliedInOrder_fromTheFilesVersion() async throws {
        let directory = makeTemporaryDirectory()
        // Version 1 called the theme "colour"; version 2 called it "color"; version 3 "theme".
        try Data("{\"reflowState\":1,\"version\":1}\n{\"colour\":\"sepia\",\"fontSize\":14}".utf8)
            .write(to: directory.appendingPathComponent("settings.json"))
        let v3 = PersistedSlice(\PersistedAppState.settings, file: "settings.json", version: 3, migrations: [
            1: Self.renameKey("colour", to: "color"),
            2: Self.renameKey("color", to: "theme"),
        ])
        let log = ErrorLog()
        let restored = persistence(directory, log, slices: [v3]).restored(PersistedAppState())
        #expect(restored.settings == SavedSettings(theme: "sepia", fontSize: 14))
        #expect(log.errors.isEmpty)
    }

    @Test func missingMigrationStep_isAClearError_andTheFileIsKept() async throws {
        let directory = makeTemporaryDirectory()
        let url = directory.appendingPathComponent("settings.json")
        let v1 = Data("{\"reflowState\":1,\"version\":1}\n{\"colour\":\"sepia\",\"fontSize\":14}".utf8)
        try v1.write(to: url)
        let v3 = PersistedSlice(\PersistedAppState.settings, file: "settings.json", version: 3, migrations: [
            1: Self.renameKey("colour", to: "color"),
        ])
        let log = ErrorLog()
        let restored = persistence(directory, log, slices: [v3]).restored(PersistedAppState())
        #expect(restored.settings == SavedSettings())
        #expect(log.kinds == [.missingMigration])
        #expect(log.errors.first?.message.contains("no migration from version 2 to 3") == true)
        #expect(try Data(contentsOf: url) == v1)
    }

    @Test func failingMigration_isReported_andTheFileIsKept() async throws {
        let directory = makeTemporaryDirectory()
        let url = directory.appendingPathComponent("settings.json")
        let v1 = Data("{\"reflowState\":1,\"version\":1}\n{\"colour\":\"sepia\",\"fontSize\":14}".utf8)
        try v1.write(to: url)
        struct Refused: Error {}
        let v2 = PersistedSlice(\PersistedAppState.settings, file: "settings.json", version: 2, migrations: [
            1: { _ in throw Refused() },
        ])
        let log = ErrorLog()
        let saving = persistence(directory, log, slices: [v2])
        let store = Store(reducer: persistedReducer, state: saving.restored(PersistedAppState()))
        #expect(store.state.settings == SavedSettings())
        #expect(log.kinds == [.migrationFailed])
        saving.attach(to: store)
        store.dispatch(SetTheme(theme: "dark"))
        await saving.flush()
        #expect(try Data(contentsOf: url) == v1)   // not overwritten this session
    }

    // MARK: - Failures and sharing

    @Test func writeFailure_isReported_andTheStateIsUntouched() async throws {
        let parent = makeTemporaryDirectory()
        // A regular file where the directory should be: nothing can be written inside it.
        let blocked = parent.appendingPathComponent("not-a-directory")
        try Data("x".utf8).write(to: blocked)
        let log = ErrorLog()
        let saving = persistence(blocked, log, slices: [settingsSlice])
        let store = Store(reducer: persistedReducer, state: saving.restored(PersistedAppState()))
        saving.attach(to: store)
        store.dispatch(SetTheme(theme: "dark"))
        await saving.flush()
        #expect(log.kinds == [.writeFailed])
        #expect(store.state.settings.theme == "dark")
        #expect(try Data(contentsOf: blocked) == Data("x".utf8))
    }

    @Test func twoStoresSavingOneFile_leaveOneCompleteState() async throws {
        let directory = makeTemporaryDirectory()
        let first = persistence(directory, slices: [draftsSlice])
        let second = persistence(directory, slices: [draftsSlice])
        let storeA = Store(reducer: persistedReducer, state: PersistedAppState())
        let storeB = Store(reducer: persistedReducer, state: PersistedAppState())
        first.attach(to: storeA)
        second.attach(to: storeB)
        for round in 0..<20 {
            storeA.dispatch(AddDraft(title: "a\(round)"))
            storeB.dispatch(AddDraft(title: "b\(round)"))
            async let flushA: Void = first.flush()
            async let flushB: Void = second.flush()
            _ = await (flushA, flushB)
            let log = ErrorLog()
            let restored = persistence(directory, log, slices: [draftsSlice]).restored(PersistedAppState())
            #expect(log.errors.isEmpty, "round \(round)")
            #expect(restored.drafts == storeA.state.drafts || restored.drafts == storeB.state.drafts, "round \(round)")
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }
}
