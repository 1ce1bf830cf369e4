import ReflowCore

/// The store observer of a ``StatePersistence``: every state marks the persistence dirty,
/// and a watched notification shows it, as "persistence" with its files, among the
/// observers evaluated (it delivers nothing; the save comes later).
///
/// A plain observer of every state, not a store subscription: the persistence is generic
/// over State and not specialized, and a subscription group's pass would look up generic
/// metadata on every dispatch (benchmark P1).
@MainActor
final class PersistenceObserver<State>: Observer<State> {
    private let files: [String]
    private let stateChanged: () -> Void

    init(files: [String], stateChanged: @escaping () -> Void) {
        self.files = files
        self.stateChanged = stateChanged
    }

    override func notify(_ state: State) {
        stateChanged()
    }

    override var watchLabel: ObserverLabel {
        let files = files
        return ObserverLabel(kind: "persistence") { files.joined(separator: ", ") }
    }
}
