import Reflow
import ReflowCore

extension History {
    /// Turns the action of an entry off (or on again) and recomputes every state after it
    /// with the attached store's current reducers, as Redux DevTools' Skip does; the app
    /// then shows the recomputed state at its ``position``.
    ///
    /// ```swift
    /// history.setSkipped(true, at: 2)    // as if the second action had never happened
    /// history.setSkipped(false, at: 2)   // and back
    /// ```
    ///
    /// A skipped entry stays in the history with the state before it. The states after it
    /// are reduced again, each from the one before; an entry after a gap (``Entry/gap``)
    /// starts from the state recorded before it, since what ran unrecorded is not known.
    /// No middleware or effect runs. A reducer that reads the clock or global state gives
    /// what it gives now (see ``replayCheck()``).
    ///
    /// - Parameters:
    ///   - isSkipped: Whether the action is off.
    ///   - position: The entry's position: 1 for the first entry.
    /// - Complexity: One reduction per entry from `position` on.
    public func setSkipped(_ isSkipped: Bool, at position: Int) {
        guard let reducers else {
            fatalError("History.setSkipped(_:at:): no store is attached (or it was released); attach the history first.")
        }
        guard (1...max(entries.count, 1)).contains(position), !entries.isEmpty else {
            fatalError("History.setSkipped(_:at:): position \(position) is outside 1...\(entries.count) (1 is the first entry).")
        }
        if let unhosted = firstUnhostedMutation(from: position) {
            fatalError("History.setSkipped(_:at:): entry \(unhosted) is a mutation of a reactor the store does not host "
                       + "(or hosts more than once), so the states after it cannot be recomputed; host it first.")
        }
        entries[position - 1].isSkipped = isSkipped
        // Traces keep the key paths that changed when they were recorded.
        for index in (position - 1)..<entries.count { entries[index].fixChangedKeyPaths() }
        var state = entries[position - 1].stateBefore
        for index in (position - 1)..<entries.count {
            if index >= position, entries[index].gap == nil {
                entries[index].stateBefore = state
            } else {
                state = entries[index].stateBefore
            }
            if !entries[index].isSkipped { Self.reduce(entries[index].action, into: &state, with: reducers) }
            entries[index].state = state
        }
        entriesWereRecomputed()
    }

    /// The position of the first entry from `position` on whose action is a hosted
    /// reactor's mutation that the attached store has no reducer for (its reactor is no
    /// longer hosted, or an imported mutation found no hosting to bind to).
    func firstUnhostedMutation(from position: Int) -> Int? {
        guard let reducers else { return nil }
        let index = entries[(position - 1)...].firstIndex { entry in
            guard let owned = entry.action as? any OwnedAction else { return false }
            return reducers.hosted[owned.ownerID] == nil
        }
        return index.map { $0 + 1 }
    }

    /// Reduces `action` into `state` as the store did: its reducer, then the reducer of the
    /// hosted reactor the action is a mutation of.
    static func reduce(_ action: any Action, into state: inout State,
                       with reducers: (main: Reducer<State>, hosted: [ObjectIdentifier: Reducer<State>])) {
        reducers.main.reduce(&state, action)
        if let owned = action as? any OwnedAction, let reducer = reducers.hosted[owned.ownerID] {
            reducer.reduce(&state, action)
        }
    }
}
