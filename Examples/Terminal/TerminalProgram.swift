/// A full-screen terminal program: it draws frames from its props and handles keys.
///
/// The examples implement it over a Reflow `Connection`: ``frame(size:)`` reads only props,
/// ``handle(_:)`` calls only actions, and ``onChange`` is called from the connection's
/// bindings. ``TerminalRunner`` does the rest: raw mode, redraws, scripts.
@MainActor
public protocol TerminalProgram: AnyObject {
    /// The program's name, shown in script output.
    var name: String { get }

    /// The screen's lines for a terminal of `size`, at most `size.rows` of them.
    func frame(size: TerminalSize) -> [String]

    /// Handles one key.
    ///
    /// - Returns: `.quit` to end the program.
    func handle(_ key: Key) -> KeyOutcome

    /// Whether work that will change the screen is under way: a load, a timer, a pending
    /// search. A script's `wait` waits until this is `false`.
    var isBusy: Bool { get }

    /// Waits until the effects the program started have finished (`store.waitForEffects()`);
    /// a script's `wait` calls it once the program is no longer busy, so that the last steps
    /// of an effect (an alert after the loading flag) are on screen too.
    func waitForEffects() async

    /// Set by the runner; the program calls it whenever the frame may have changed.
    var onChange: (@MainActor () -> Void)? { get set }

    /// Called once when the program ends, to disconnect and write what it must.
    func finish() async
}

extension TerminalProgram {
    public func waitForEffects() async {}
}

/// What a key did to the program.
public enum KeyOutcome: Equatable, Sendable {
    case handled
    case quit
}
