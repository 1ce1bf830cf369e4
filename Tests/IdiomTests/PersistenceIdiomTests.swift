import Foundation
import Testing
import Reflow

// Persistence as a second newcomer wrote it, with no annotation: a test that collects
// errors in a captured array, a migration that is a static function of the app's own enum,
// the same migration wrapped in a closure, and a migration that is a file-scope function.
// It must compile in every setting .ci/compile-settings builds.

struct NoteSettings: Codable, Equatable {
    var sortByDate = true
    var fontSize = 14
}

struct NotesState: Equatable {
    var settings = NoteSettings()
}

enum NoteSettingsMigrations {
    /// Version 1 had no `fontSize`: add the default.
    static func v1ToV2(_ data: Data) throws -> Data {
        var object = try JSONDecoder().decode([String: Bool].self, from: data)
        object["sortByDate"] = object["sortByDate"] ?? true
        return Data(#"{"sortByDate":\#(object["sortByDate"]!),"fontSize":14}"#.utf8)
    }
}

func noteSettingsV1ToV2(_ data: Data) throws -> Data {
    try NoteSettingsMigrations.v1ToV2(data)
}

@MainActor
@Suite struct PersistenceIdiomTests {
    private func directoryWithVersion1File() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reflow-notes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // The file format: a header line, then the slice's JSON as that version wrote it.
        try Data("{\"reflowState\":1,\"version\":1}\n{\"sortByDate\":false}".utf8)
            .write(to: directory.appendingPathComponent("settings.json"))
        return directory
    }

    @Test func aStaticMigration_runs_andErrorsAreCollected() throws {
        let directory = try directoryWithVersion1File()
        defer { try? FileManager.default.removeItem(at: directory) }
        var errors: [PersistenceError] = []
        let persistence = StatePersistence<NotesState>(
            directory: directory,
            slices: [PersistedSlice(\.settings, file: "settings.json", version: 2,
                                    migrations: [1: NoteSettingsMigrations.v1ToV2])],
            onError: { errors.append($0) }
        )
        let state = persistence.restored(NotesState())
        #expect(errors.isEmpty)
        #expect(state.settings == NoteSettings(sortByDate: false, fontSize: 14))
    }

    @Test func aMigrationInAClosure_runs() throws {
        let directory = try directoryWithVersion1File()
        defer { try? FileManager.default.removeItem(at: directory) }
        let persistence = StatePersistence<NotesState>(
            directory: directory,
            slices: [PersistedSlice(\.settings, file: "settings.json", version: 2,
                                    migrations: [1: { try NoteSettingsMigrations.v1ToV2($0) }])]
        )
        #expect(persistence.restored(NotesState()).settings.fontSize == 14)
    }

    @Test func aMigrationThatIsAFreeFunction_runs() throws {
        let directory = try directoryWithVersion1File()
        defer { try? FileManager.default.removeItem(at: directory) }
        let persistence = StatePersistence<NotesState>(
            directory: directory,
            slices: [PersistedSlice(\.settings, file: "settings.json", version: 2, migrations: [1: noteSettingsV1ToV2])]
        )
        #expect(persistence.restored(NotesState()).settings.fontSize == 14)
    }

    @Test func aFileThatCannotBeRead_isReported_toTheCollectingTest() throws {
        let directory = try directoryWithVersion1File()
        defer { try? FileManager.default.removeItem(at: directory) }
        var errors: [String] = []
        let persistence = StatePersistence<NotesState>(
            directory: directory,
            slices: [PersistedSlice(\.settings, file: "settings.json", version: 2)],  // no migration from 1
            onError: { error in errors.append(error.message) }
        )
        #expect(persistence.restored(NotesState()) == NotesState())
        #expect(errors.count == 1)
    }
}
