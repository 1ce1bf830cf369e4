import Reflow

/// One note.
public struct Note: Identifiable, Equatable, Codable, Sendable {
    public let id: Int
    public var title: String
    public var isPinned = false

    public init(id: Int, title: String, isPinned: Bool = false) {
        self.id = id
        self.title = title
        self.isPinned = isPinned
    }
}

/// A screen pushed over the list.
public enum NoteScreen: Equatable, Codable, Sendable {
    /// One note, found by its identity (it may be deleted while shown).
    case note(id: Int)
}

/// A sheet presented over everything.
public enum NotesSheet: Identifiable, Equatable, Codable, Sendable {
    case newNote
    public var id: Self { self }
}

/// The app's whole state: the notes, the list's filter, the pushed screens and the sheet.
public struct NotesState: Equatable, Codable {
    public var notes: [Note]
    public var filter = ""
    public var path = ScreenStack<NoteScreen>()
    public var sheet: NotesSheet?
    public var nextID: Int

    public init(notes: [Note] = NotesState.samples) {
        self.notes = notes
        nextID = (notes.map(\.id).max() ?? -1) + 1
    }

    /// The notes the list shows: those whose title contains the filter (any case), pinned
    /// first, each group in the order written.
    public var shown: [Note] {
        let words = filter.lowercased().split(separator: " ")
        let matching = notes.filter { note in words.allSatisfy { note.title.lowercased().contains($0) } }
        return matching.filter(\.isPinned) + matching.filter { !$0.isPinned }
    }

    /// The note a screen shows, if it still exists.
    public func note(on screen: NoteScreen) -> Note? {
        switch screen {
        case .note(let id): notes.first { $0.id == id }
        }
    }

    /// The title of the note with identity `id` (empty once it is deleted): what a note's
    /// text field binds to, `\.[titleOf: id]`.
    public subscript(titleOf id: Int) -> String {
        notes.first { $0.id == id }?.title ?? ""
    }

    public static let samples = [
        Note(id: 0, title: "Groceries: milk, eggs", isPinned: true),
        Note(id: 1, title: "Call the bank"),
        Note(id: 2, title: "Ideas for the talk"),
    ]
}

/// The list's filter changed (the text field's binding sends it).
public struct SetFilter: Action, Equatable {
    public var text: String
    public init(text: String) { self.text = text }
}

/// Writes a new note and shows it; the new-note sheet closes.
public struct AddNote: Action, Equatable {
    public var title: String
    public init(title: String) { self.title = title }
}

/// A note's title changed (its screen's text field sends it); blank titles are refused.
public struct RenameNote: Action, Equatable {
    public var id: Int
    public var title: String
    public init(id: Int, title: String) {
        self.id = id
        self.title = title
    }
}

/// Pins a note to the top of the list, or unpins it.
public struct TogglePin: Action, Equatable {
    public var id: Int
    public init(id: Int) { self.id = id }
}

/// Deletes a note; the screens that show it close.
public struct DeleteNote: Action, Equatable {
    public var id: Int
    public init(id: Int) { self.id = id }
}

/// The app's reducer: the notes, and the navigation of its stack and sheet.
public let notesReducer = Reducer<NotesState>.combine(
    .navigation(\.path),
    .presentation(\.sheet),
    .on(SetFilter.self) { state, action in state.filter = action.text },
    .on(AddNote.self) { state, action in
        let note = Note(id: state.nextID, title: action.title.allSatisfy(\.isWhitespace) ? "Untitled" : action.title)
        state.nextID += 1
        state.notes.append(note)
        state.sheet = nil
        state.path.push(.note(id: note.id))
    },
    .on(RenameNote.self) { state, action in
        guard !action.title.allSatisfy(\.isWhitespace), let index = state.notes.firstIndex(where: { $0.id == action.id }) else { return }
        state.notes[index].title = action.title
    },
    .on(TogglePin.self) { state, action in
        guard let index = state.notes.firstIndex(where: { $0.id == action.id }) else { return }
        state.notes[index].isPinned.toggle()
    },
    .on(DeleteNote.self) { state, action in
        state.notes.removeAll { $0.id == action.id }
        // The screens above the first that shows the note close with it.
        if let first = state.path.firstIndex(where: { $0.screen == .note(id: action.id) }) {
            state.path.keep(Array(state.path.ids.prefix(first)))
        }
    }
)

extension NotesState {
    /// The stack a deep link's path opens: `/notes/2` is note 2's screen.
    ///
    /// - Parameter path: The link's path.
    /// - Returns: The stack, or `nil` when the path names no note screen.
    public static func screens(forLink path: String) -> ScreenStack<NoteScreen>? {
        ScreenStack(path: path) { components in
            guard components.count >= 2, components.first == "notes", let id = Int(components[components.startIndex + 1]) else {
                return nil
            }
            components.removeFirst(2)
            return .note(id: id)
        }
    }

    /// The deep link to `stack`: `/notes/2` for note 2's screen.
    public static func link(to stack: ScreenStack<NoteScreen>) -> String {
        stack.path { screen in
            switch screen {
            case .note(let id): ["notes", String(id)]
            }
        }
    }
}
