import Foundation
import Reflow

struct SavedSettings: Codable, Equatable, Sendable {
    var theme = "light"
    var fontSize = 12
}

struct Draft: Codable, Equatable, Sendable {
    var title: String
    var body: String
}

struct PersistedAppState: Equatable {
    var settings = SavedSettings()
    var drafts: [Draft] = []
    var session = 0            // not persisted
}

struct SetTheme: Action { var theme: String }
struct AddDraft: Action { var title: String }
struct BumpSession: Action {}

let persistedReducer = Reducer<PersistedAppState>
    .on(SetTheme.self) { state, action in state.settings.theme = action.theme }
    .on(AddDraft.self) { state, action in state.drafts.append(Draft(title: action.title, body: "")) }
    .on(BumpSession.self) { state, _ in state.session += 1 }

/// A fresh directory under the system's temporary directory.
func makeTemporaryDirectory() -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("reflow-persistence-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Collects what a persistence reports.
@MainActor
final class ErrorLog {
    var errors: [PersistenceError] = []
    var kinds: [PersistenceError.Kind] { errors.map(\.kind) }
}
