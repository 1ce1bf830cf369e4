#if canImport(SwiftUI)
import Reflow
import SwiftUI

// The app's views: they read the state through an `ObservableStore` and send actions.
// Held with `@ObservedObject`, they run unchanged on iOS 16 (where the face is an
// `ObservableObject`) and on iOS 17 and later (where it is `Observable`, and a view
// re-renders only for the values it read). CI type-checks them for macOS 13.3 and the
// iOS 16.4 simulator; their logic is the reducer, which the tests run.

/// The list of notes, the screens pushed over it, and the new-note sheet.
public struct NotesRootView: View {
    @ObservedObject var model: ObservableStore<NotesState>

    public init(model: ObservableStore<NotesState>) {
        self.model = model
    }

    public var body: some View {
        NavigationStack(path: model.binding(\.path)) {
            VStack {
                TextField("Filter", text: model.binding(\.filter, send: { SetFilter(text: $0) }))
                List {
                    ForEach(model.shown) { note in
                        Button(note.isPinned ? "📌 \(note.title)" : note.title) {
                            model.dispatch(NavigationAction.push(NoteScreen.note(id: note.id)))
                        }
                    }
                }
                Button("New note") { model.dispatch(PresentationAction.present(NotesSheet.newNote)) }
            }
            .navigationTitle("Notes")
            .navigationDestination(for: ScreenID.self) { id in
                if let screen = model.path[id: id] {
                    NoteView(model: model, screen: screen)
                }
            }
        }
        .sheet(item: model.binding(presenting: \.sheet)) { _ in
            NewNoteView(model: model)
        }
    }
}

/// One note: its title, edited in place, and what can be done to it.
struct NoteView: View {
    @ObservedObject var model: ObservableStore<NotesState>
    let screen: NoteScreen

    var body: some View {
        if let note = model.state.note(on: screen) {
            VStack {
                // A blank title is refused by the reducer: the field shows the title kept.
                TextField("Title", text: model.binding(\.[titleOf: note.id], send: { RenameNote(id: note.id, title: $0) }))
                Button(note.isPinned ? "Unpin" : "Pin") { model.dispatch(TogglePin(id: note.id)) }
                Button("Delete") { model.dispatch(DeleteNote(id: note.id)) }
            }
            .navigationTitle(note.title)
        } else {
            Text("This note was deleted.")
        }
    }
}

/// The new-note sheet: writes a note, or is dismissed (in the state) by swiping it down.
struct NewNoteView: View {
    @ObservedObject var model: ObservableStore<NotesState>

    var body: some View {
        VStack {
            Text("A new note")
            Button("Write it") { model.dispatch(AddNote(title: "")) }
            Button("Cancel") { model.dispatch(PresentationAction<NotesSheet>.dismiss) }
        }
    }
}
#endif
