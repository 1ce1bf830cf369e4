import Foundation
import Testing
import Reflow
import ReflowDevtools

private struct Profile: Codable, Equatable { var name = "Ann"; var tags: [String] = [] }
private struct SavedState: Codable, Equatable {
    var count = 0
    var profile = Profile()
}

private struct Bump: Action, Codable, Equatable { var by: Int }
private struct Rename: Action, Codable, Equatable { var name: String }
private struct Unregistered: Action {}

private let savedReducer = Reducer<SavedState>
    .on(Bump.self) { state, action in state.count += action.by }
    .on(Rename.self) { state, action in
        state.profile.name = action.name
        state.profile.tags.append(action.name)
    }
    .on(Unregistered.self) { _, _ in }

private var actionTypes: ActionTypes {
    var types = ActionTypes()
    types.register(Bump.self)
    types.register(Rename.self)
    return types
}

/// A store with a history of a few actions, including text that needs escaping.
@MainActor private func recorded() -> (Store<SavedState>, History<SavedState>) {
    let store = Store(reducer: savedReducer, state: SavedState())
    let history = History<SavedState>()
    history.attach(to: store)
    store.dispatch(Bump(by: 2))
    store.dispatch(Rename(name: "Bo \"the\" / builder\nsecond line"))
    store.dispatch(Bump(by: -1))
    return (store, history)
}

@MainActor
@Suite struct HistoryExportTests {
    @Test func exportThenImport_roundTripsExactly() throws {
        let (_, history) = recorded()
        let data = try history.exportJSON(actionTypes: actionTypes)
        #expect(String(decoding: data, as: UTF8.self).split(separator: "\n").count == 4)   // header + 3 entries

        let copy = History<SavedState>()
        try copy.importJSON(data, actionTypes: actionTypes)
        #expect(copy.initialState == history.initialState)
        #expect(copy.entries.count == history.entries.count)
        for (mine, theirs) in zip(copy.entries, history.entries) {
            #expect(mine.state == theirs.state)
            #expect(mine.time == theirs.time)
            #expect(mine.reactor == theirs.reactor)
            #expect(String(describing: mine.action) == String(describing: theirs.action))
        }
        #expect(copy.entries[1].action as? Rename == history.entries[1].action as? Rename)
        #expect(try copy.exportJSON(actionTypes: actionTypes) == data)   // and exports the same bytes
    }

    /// Entries after time travel or a pause keep their gap and the state they were reduced
    /// from through an export.
    @Test func gaps_roundTrip() throws {
        let (store, history) = recorded()
        history.jump(to: 1)
        store.dispatch(Bump(by: 10))
        history.isRecording = false
        store.dispatch(Bump(by: 100))
        history.isRecording = true
        store.dispatch(Rename(name: "after"))
        let copy = History<SavedState>()
        try copy.importJSON(try history.exportJSON(actionTypes: actionTypes), actionTypes: actionTypes)
        #expect(copy.entries.map(\.gap) == [nil, nil, nil, .timeTravel(toStep: 1), .recordingPaused])
        #expect(copy.entries.map(\.stateBefore) == history.entries.map(\.stateBefore))
        #expect(copy.entries[3].stateBefore.count == 2 && copy.entries[4].stateBefore.count == 112)
    }

    @Test func importedHistory_canTimeTravelAnAttachedStore() throws {
        let (_, history) = recorded()
        let data = try history.exportJSON(actionTypes: actionTypes)
        let store = Store(reducer: savedReducer, state: SavedState())
        let replay = History<SavedState>()
        replay.attach(to: store)
        try replay.importJSON(data, actionTypes: actionTypes)
        replay.jump(to: 2)
        #expect(store.state == history.entries[1].state)
        #expect(replay.replayCheck() == nil)
    }

    /// Every truncation of an export is refused with a line, and imports nothing.
    @Test func everyTruncation_isRejected_andNothingIsImported() throws {
        let (_, history) = recorded()
        let data = try history.exportJSON(actionTypes: actionTypes)
        let target = History<SavedState>()
        for length in 0..<(data.count - 1) {
            do {
                try target.importJSON(data.prefix(length), actionTypes: actionTypes)
                Issue.record("a prefix of \(length) of \(data.count) bytes was imported")
                return
            } catch let error as HistoryFileError {
                #expect(error.line != nil)
                #expect(target.entries.isEmpty && target.initialState == nil)
            }
        }
        try target.importJSON(data.dropLast(), actionTypes: actionTypes)   // only the final newline missing: whole
        #expect(target.entries.count == 3)
    }

    @Test func corruptedField_namesTheLineEntryAndField() throws {
        let (_, history) = recorded()
        let text = String(decoding: try history.exportJSON(actionTypes: actionTypes), as: UTF8.self)
        let corrupted = text.replacingOccurrences(of: #""count":1"#, with: #""count":"one""#)
        let target = History<SavedState>()
        #expect(throws: HistoryFileError(line: 4, entry: 3, field: "state.count", message: "expected a value of type Int")) {
            try target.importJSON(Data(corrupted.utf8), actionTypes: actionTypes)
        }
        let missingName = text.replacingOccurrences(of: #"{"name":"Bo"#, with: #"{"nom":"Bo"#)
        #expect(throws: HistoryFileError(line: 3, entry: 2, field: "action.name", message: "missing")) {
            try target.importJSON(Data(missingName.utf8), actionTypes: actionTypes)
        }
        #expect(target.entries.isEmpty)
    }

    @Test func unknownActionType_isAnError_naming_type() throws {
        let (_, history) = recorded()
        let text = String(decoding: try history.exportJSON(actionTypes: actionTypes), as: UTF8.self)
        var fewer = ActionTypes()
        fewer.register(Bump.self)
        let target = History<SavedState>()
        #expect(throws: HistoryFileError(line: 3, entry: 2, field: "type",
                                         message: "unknown action type \"Rename\"; register it in ActionTypes")) {
            try target.importJSON(Data(text.utf8), actionTypes: fewer)
        }
        let withoutALine = text.split(separator: "\n").enumerated().filter { $0.offset != 2 }.map(\.element).joined(separator: "\n")
        #expect(throws: HistoryFileError(line: 3, entry: 2, field: "entry",
                                         message: "expected entry 2, found 3: lines are missing or out of order")) {
            try target.importJSON(Data(withoutALine.utf8), actionTypes: actionTypes)
        }
    }

    @Test func exportingAnUnregisteredAction_namesTheEntry() {
        let (store, history) = recorded()
        store.dispatch(Unregistered())
        #expect(throws: HistoryFileError(line: nil, entry: 4, field: "action",
                                         message: "Unregistered is not registered in ActionTypes")) {
            try history.exportJSON(actionTypes: actionTypes)
        }
    }
}
