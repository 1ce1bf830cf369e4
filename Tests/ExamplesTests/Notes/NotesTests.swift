import Reflow
import ReflowTesting
import Testing
import NotesKit

/// The Notes example's logic, as its SwiftUI views drive it: the same actions and the same
/// two-way bindings (`twoWayBinding` is what `binding` wraps as a SwiftUI `Binding`), run
/// here on a test store and on a store's face.
@MainActor
@Suite struct NotesTests {
    @Test func theFilter_isATwoWayBinding_andTheListShowsPinnedFirst() {
        let model = ObservableStore(Store(reducer: notesReducer, state: NotesState()))
        let filter = model.twoWayBinding(\.filter, send: { SetFilter(text: $0) })
        #expect(model.shown.map(\.id) == [0, 1, 2])
        filter.value = "the"
        #expect(model.state.filter == "the")
        #expect(model.shown.map(\.id) == [1, 2])
        model.dispatch(TogglePin(id: 2))
        #expect(model.shown.map(\.id) == [2, 1], "pinned first")
    }

    @Test func aNoteIsPushed_renamedInPlace_andABlankTitleIsRefused() async {
        let store = TestStore(reducer: notesReducer, state: NotesState())
        await store.send(NavigationAction.push(NoteScreen.note(id: 1))) { $0.path.push(.note(id: 1)) }
        await store.send(RenameNote(id: 1, title: "Call the bank at 9")) { $0.notes[1].title = "Call the bank at 9" }
        await store.send(RenameNote(id: 1, title: "  "))          // refused: nothing changes
        await store.finish()

        // Through the binding a note's text field holds: it reads the title the state kept.
        let model = ObservableStore(Store(reducer: notesReducer, state: NotesState()))
        let title = model.twoWayBinding(\.[titleOf: 1], send: { RenameNote(id: 1, title: $0) })
        title.value = ""
        #expect(title.value == "Call the bank")
    }

    @Test func backGesture_keepsTheScreensTheViewStillShows() {
        let model = ObservableStore(Store(reducer: notesReducer, state: NotesState()))
        model.dispatch(NavigationAction.push(NoteScreen.note(id: 0)))
        model.dispatch(NavigationAction.push(NoteScreen.note(id: 2)))
        let path = model.twoWayBinding(\.path)
        #expect(path.value == model.state.path.ids)
        path.value = Array(path.value.prefix(1))                    // what SwiftUI sets on Back
        #expect(model.state.path.screens == [.note(id: 0)])
    }

    @Test func theNewNoteSheet_writesANote_andShowsIt_orIsDismissed() async {
        let store = TestStore(reducer: notesReducer, state: NotesState())
        await store.send(PresentationAction.present(NotesSheet.newNote)) { $0.sheet = .newNote }
        await store.send(AddNote(title: "")) {
            $0.notes.append(Note(id: 3, title: "Untitled"))
            $0.nextID = 4
            $0.sheet = nil
            $0.path.push(.note(id: 3))
        }
        await store.send(PresentationAction.present(NotesSheet.newNote)) { $0.sheet = .newNote }
        await store.finish()

        // Swiping the sheet down sets its binding to nil: dismissed in the state.
        let model = ObservableStore(Store(reducer: notesReducer, state: NotesState()))
        model.dispatch(PresentationAction.present(NotesSheet.newNote))
        let sheet = model.twoWayBinding(presenting: \.sheet)
        sheet.value = nil
        #expect(model.state.sheet == nil)
    }

    @Test func deletingANote_closesTheScreensShowingIt_andThoseAbove() async {
        var state = NotesState()
        state.path = ScreenStack([.note(id: 0), .note(id: 1), .note(id: 2)])
        let store = TestStore(reducer: notesReducer, state: state)
        await store.send(DeleteNote(id: 1)) {
            $0.notes.remove(at: 1)
            $0.path.pop(to: $0.path.ids[0])
        }
        #expect(store.state.note(on: .note(id: 1)) == nil)
        await store.finish()
    }

    @Test func deepLinks_buildTheStack_andRoundTrip() throws {
        let stack = try #require(NotesState.screens(forLink: "/notes/2/notes/0"))
        #expect(stack.screens == [.note(id: 2), .note(id: 0)])
        #expect(NotesState.link(to: stack) == "/notes/2/notes/0")
        #expect(NotesState.screens(forLink: "/notes/x") == nil)
        #expect(NotesState.screens(forLink: "/settings") == nil)
    }
}
