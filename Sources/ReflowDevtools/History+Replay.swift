import Reflow
import ReflowCore

/// The first step of a history that reducing again does not reproduce.
public struct ReplayMismatch<State>: CustomStringConvertible {
    /// The entry's position in the history (1 is the first entry).
    public let position: Int
    /// The action that reduced differently.
    public let action: any Action
    /// The state recorded after it.
    public let recorded: State
    /// The state reducing it again gave.
    public let replayed: State

    /// The difference, recorded (−) against replayed (+).
    public var diff: String {
        StateDiff.render(from: recorded, to: replayed) ?? "  (the states differ but print the same)"
    }

    public var description: String {
        """
        Replaying \(action) (entry \(position)) gave a different state: the reducer is not \
        deterministic (it reads the clock, a random number or global state), or the state was \
        changed outside reducers.
        (Recorded: −, Replayed: +)
        \(diff)
        """
    }
}

extension History where State: Equatable {
    /// Reduces each recorded action again from the state it was reduced from
    /// (``History/Entry/stateBefore``), with the attached store's reducers (its own, and
    /// those of the reactors it hosts), and reports the first step whose state differs from
    /// the recorded one.
    ///
    /// ```swift
    /// if let mismatch = history.replayCheck() { print(mismatch) }
    /// ```
    ///
    /// - Returns: The first mismatch, or `nil` when every step reproduces.
    /// - Complexity: One reduction and one `==` per entry.
    public func replayCheck() -> ReplayMismatch<State>? {
        guard let reducers, initialState != nil else {
            fatalError("History.replayCheck(): no store is attached (or it was released); attach the history first.")
        }
        for (offset, entry) in entries.enumerated() {
            var state = entry.stateBefore
            if !entry.isSkipped { Self.reduce(entry.action, into: &state, with: reducers) }
            if state != entry.state {
                return ReplayMismatch(position: offset + 1, action: entry.action, recorded: entry.state, replayed: state)
            }
        }
        return nil
    }
}
